import { Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Platform } from '@stardeck/infra';
import type { ProjectionAdmin } from '@stardeck/projector';
import { AdminGuard } from '../auth/auth.guard';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { PLATFORM, PROJECTION_ADMIN } from '../platform/platform.module';
import { EventQueryDto } from '@stardeck/contracts';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminProjectionsController {
  constructor(
    @Inject(PROJECTION_ADMIN) private readonly projections: ProjectionAdmin,
    @Inject(PLATFORM) private readonly platform: Platform,
  ) {}

  /** Every projection with its checkpoint, lag, owner and rebuild progress. */
  @Get('projections')
  async list() {
    return ok({ projections: await this.projections.status() });
  }

  /**
   * Starts a rebuild and returns at once (202); progress shows in GET /v1/admin/projections.
   * When no process owns the projection, this one rebuilds it in the background.
   */
  @Post('projections/:name/rebuild')
  @HttpCode(202)
  async rebuild(@Param('name') name: string) {
    if (!this.projections.find(name)) throw ApiError.notFound(`Unknown projection '${name}'`, 'Projection');
    const started = this.projections.rebuild(name);
    started.catch((error) => this.platform.logger.error({ err: error, projection: name }, 'rebuild failed'));
    await Promise.race([started, new Promise((resolve) => setTimeout(resolve, 50))]);
    const [status] = (await this.projections.status()).filter((p) => p.name === name);
    return ok({ projection: status }, { title: 'Rebuild started', description: `Projection ${name} is being rebuilt from the event log` });
  }

  /** The event inspector: filter by stream, type and actor, page with `after` (a global position). */
  @Get('events')
  async events(@Query() query: EventQueryDto) {
    const limit = query.limit ?? 50;
    const events = await this.platform.store.query({ stream: query.stream, type: query.type, actor: query.actor, after: query.after, limit: limit + 1 });
    const page = events.slice(0, limit);
    return ok({
      events: page,
      has_more: events.length > limit,
      next_after: page.length ? page[page.length - 1]!.global_position : query.after ?? null,
    });
  }
}
