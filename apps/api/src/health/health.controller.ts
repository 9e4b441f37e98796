import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { metricsRegistry, pingDatabase, type Platform } from '@stardeck/infra';
import type { FastifyReply } from 'fastify';
import { PLATFORM } from '../platform/platform.module';

/** Liveness, readiness (database and bus reachable) and Prometheus metrics, outside /v1. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Get('health')
  health() {
    return { status: 'success', status_code: 200, data: { alive: true } };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, bus] = await Promise.all([
      pingDatabase(this.platform.database.db).then(() => true, () => false),
      this.platform.bus.isHealthy(),
    ]);
    const ready = database && bus;
    void reply.status(ready ? 200 : 503);
    return {
      status: ready ? 'success' : 'error',
      status_code: ready ? 200 : 503,
      msg: { title: ready ? 'Ready' : 'Not Ready', description: ready ? 'All dependencies reachable' : 'A dependency is unreachable' },
      data: { database, bus, bus_kind: this.platform.bus.kind, database_kind: this.platform.database.kind },
    };
  }

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
