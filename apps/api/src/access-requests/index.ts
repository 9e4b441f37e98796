export { AccessRequestsModule } from './access-requests.module';
