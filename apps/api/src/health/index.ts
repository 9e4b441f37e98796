export { HealthModule } from './health.module';
export { RelayStateRepository } from './relay-state.repository';
