import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Logger } from '@stardeck/infra';
import { RebuildAlreadyRunning, RebuildNotFinished, type ProjectionAdmin } from '@stardeck/projector';
import { AdminGuard } from '../auth';
import { ApiError } from '../common/api-error';
import { ApiEnvelope } from '../common/api-docs';
import { ok } from '../common/envelope';
import { InjectLogger, InjectProjectionAdmin } from '../platform/tokens';
import { ProjectionDataSchema, ProjectionListSchema } from '@stardeck/contracts';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminProjectionsController {
  constructor(
    @InjectProjectionAdmin() private readonly projections: ProjectionAdmin,
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
    let refused: unknown = null;
    started.catch((error) => {
      if (error instanceof RebuildAlreadyRunning) refused = error;
      // A cancelled or failed rebuild left the live model as it was; its reason shows in the status.
      else if (error instanceof RebuildNotFinished) this.logger.warn({ projection: name, reason: error.message }, 'rebuild did not finish');
      else this.logger.error({ err: error, projection: name }, 'rebuild failed');
    });
    await Promise.race([started.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 50))]);
    if (refused) throw ApiError.conflict((refused as Error).message, 'Rebuild');
    const [status] = (await this.projections.status()).filter((p) => p.name === name);
    return ok({ projection: status }, { title: 'Rebuild started', description: `Projection ${name} is being rebuilt from the event log` });
  }

  /**
   * Stops a requested or running rebuild: its shadow copy is dropped at the next batch and the
   * live read model stays exactly as it is. 409 when no rebuild runs.
   */
  @Post('projections/:name/rebuild/cancel')
  @HttpCode(200)
  @ApiEnvelope('Cancel a projection rebuild; the live read model is kept', 200, { data: ProjectionDataSchema })
  async cancel(@Param('name') name: string) {
    if (!this.projections.find(name)) throw ApiError.notFound(`Unknown projection '${name}'`, 'Projection');
    if (!(await this.projections.cancel(name))) throw ApiError.conflict(`No rebuild of ${name} is running`, 'Rebuild');
    const [status] = (await this.projections.status()).filter((p) => p.name === name);
    return ok({ projection: status }, { title: 'Rebuild cancelled', description: `The rebuild of ${name} stops; the live read model is kept` });
  }
}
