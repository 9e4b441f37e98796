import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { RelayStateRepository } from './relay-state.repository';

/** Liveness, readiness and metrics. */
@Module({ controllers: [HealthController], providers: [RelayStateRepository], exports: [RelayStateRepository] })
export class HealthModule {}
