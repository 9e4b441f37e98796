import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { EventStore, Logger } from '@stardeck/infra';
import type { ProjectionAdmin } from '@stardeck/projector';
import { AdminGuard } from '../auth';
import { ApiError } from '../common/api-error';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { InjectEventStore, InjectLogger, InjectProjectionAdmin } from '../platform/tokens';
import { EventQueryDto, EventPageSchema, ProjectionDataSchema, ProjectionListSchema } from '@stardeck/contracts';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminProjectionsController {
  constructor(
    @InjectProjectionAdmin() private readonly projections: ProjectionAdmin,
    @InjectEventStore() private readonly store: EventStore,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  /** Every projection with its checkpoint, lag, owner and rebuild progress. */
  @Get('projections')
  @ApiEnvelope('List projections with checkpoint, lag, owner and rebuild progress', 200, { data: ProjectionListSchema })
  async list() {
    return ok({ projections: await this.projections.status() });
  }

  /**
   * Starts a rebuild and returns at once (202); progress shows in GET /v1/admin/projections.
   * When no process owns the projection, this one rebuilds it in the background.
   */
  @Post('projections/:name/rebuild')
  @HttpCode(202)
  @ApiEnvelope('Rebuild a projection from the event log', 202, { data: ProjectionDataSchema })
  async rebuild(@Param('name') name: string) {
    if (!this.projections.find(name)) throw ApiError.notFound(`Unknown projection '${name}'`, 'Projection');
    const started = this.projections.rebuild(name);
    started.catch((error) => this.logger.error({ err: error, projection: name }, 'rebuild failed'));
    await Promise.race([started, new Promise((resolve) => setTimeout(resolve, 50))]);
    const [status] = (await this.projections.status()).filter((p) => p.name === name);
    return ok({ projection: status }, { title: 'Rebuild started', description: `Projection ${name} is being rebuilt from the event log` });
  }

  /** The event inspector: filter by stream, type and actor, page with `after` (a global position). */
  @Get('events')
  @ApiEnvelope('Inspect the event log (secret payload fields are redacted)', 200, { data: EventPageSchema })
  @ApiQueryFrom(EventQueryDto)
  async events(@Query() query: EventQueryDto) {
    const limit = query.limit ?? 50;
    const events = await this.store.query({ stream: query.stream, type: query.type, actor: query.actor, after: query.after, limit: limit + 1 });
    const page = events.slice(0, limit);
    return ok({
      events: page,
      has_more: events.length > limit,
      next_after: page.length ? page[page.length - 1]!.global_position : query.after ?? null,
    });
  }
}
