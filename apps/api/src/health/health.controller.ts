import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  metricsRegistry, pingDatabase, projectorLagEvents, relayLagEvents, type Db, type EventBus, type EventStore, type Logger, type StardeckConfig,
} from '@stardeck/infra';
import type { ProjectionAdmin } from '@stardeck/projector';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { InjectBus, InjectConfig, InjectDatabase, InjectEventStore, InjectLogger, InjectProjectionAdmin } from '../platform/tokens';
import { metricsAccess } from './metrics-access';
import { RelayStateRepository } from './relay-state.repository';

/** Liveness, readiness (database and bus reachable) and Prometheus metrics (not public; see metricsAccess), outside /v1. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    @InjectConfig() private readonly config: StardeckConfig,
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectBus() private readonly bus: EventBus,
    @InjectLogger() private readonly logger: Logger,
    @InjectProjectionAdmin() private readonly projections: ProjectionAdmin,
    private readonly relayState: RelayStateRepository,
  ) {}

  @Get('health')
  health() {
    return { status: 'success', status_code: 200, data: { alive: true } };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, bus] = await Promise.all([
      pingDatabase(this.db).then(() => true, () => false),
      this.bus.isHealthy(),
    ]);
    const ready = database && bus;
    void reply.status(ready ? 200 : 503);
    return {
      status: ready ? 'success' : 'error',
      status_code: ready ? 200 : 503,
      msg: { title: ready ? 'Ready' : 'Not Ready', description: ready ? 'All dependencies reachable' : 'A dependency is unreachable' },
      data: { database, bus, bus_kind: this.bus.kind, database_kind: this.config.databaseUrl ? 'postgres' : 'pglite' },
    };
  }

  @Get('metrics')
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async metrics(@Req() request: FastifyRequest): Promise<string> {
    const access = metricsAccess(this.config, request.headers.authorization, request.ip);
    // Not served here: the same answer as a route that does not exist.
    if (access === 'hidden') throw ApiError.notFound(`Cannot GET ${request.url}`);
    if (access === 'unauthorized') throw ApiError.unauthorized('A valid metrics token is required', 'Unauthorized', { 'www-authenticate': 'Bearer' });
    await this.refreshLag().catch((error) => this.logger.warn({ err: error }, 'could not read lag for metrics'));
    return metricsRegistry.metrics();
  }

  /** Lag is read from the shared database, so any API process reports it, wherever relay and projectors run. */
  private async refreshLag(): Promise<void> {
    const [relay, projections] = await Promise.all([this.relayState.cursor(this.db), this.projections.status()]);
    // Counted like projection lag: positions are not commit order, so subtracting would overstate it.
    relayLagEvents.set(await this.store.countAfter(relay));
    for (const p of projections) projectorLagEvents.set({ projection: p.name }, p.lag);
  }
}
