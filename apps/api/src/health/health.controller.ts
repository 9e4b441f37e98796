import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { LOG_START, metricsRegistry, pingDatabase, projectorLagEvents, relayLagEvents, type Platform } from '@stardeck/infra';
import type { ProjectionAdmin } from '@stardeck/projector';
import type { FastifyReply } from 'fastify';
import { PLATFORM, PROJECTION_ADMIN } from '../platform/platform.module';

/** Liveness, readiness (database and bus reachable) and Prometheus metrics, outside /v1. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(PROJECTION_ADMIN) private readonly projections: ProjectionAdmin,
  ) {}

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
    await this.refreshLag().catch((error) => this.platform.logger.warn({ err: error }, 'could not read lag for metrics'));
    return metricsRegistry.metrics();
  }

  /** Lag is read from the shared database, so any API process reports it, wherever relay and projectors run. */
  private async refreshLag(): Promise<void> {
    const db = this.platform.database.db;
    const [relay, projections] = await Promise.all([
      db.selectFrom('relay_state').select(['last_position', (eb) => eb.cast<string>('last_xid', 'text').as('last_xid')])
        .where('id', '=', 1).executeTakeFirst(),
      this.projections.status(),
    ]);
    // Counted like projection lag: positions are not commit order, so subtracting would overstate it.
    relayLagEvents.set(await this.platform.store.countAfter(relay ? { xid: relay.last_xid, position: relay.last_position } : LOG_START));
    for (const p of projections) projectorLagEvents.set({ projection: p.name }, p.lag);
  }
}
