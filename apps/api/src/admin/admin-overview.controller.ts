import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdminOverviewSchema } from '@stardeck/contracts';
import { AdminGuard } from '../auth';
import { ApiEnvelope } from '../common/api-docs';
import { ok } from '../common/envelope';
import { AdminOverviewService } from './admin-overview.service';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminOverviewController {
  constructor(private readonly overview: AdminOverviewService) {}

  /** The console's front page; projection lag comes from GET /v1/admin/projections beside it. */
  @Get('overview')
  @ApiEnvelope('Event count and rate, relay lag, transcode queue, waitlist and unread contact messages', 200, { data: AdminOverviewSchema })
  async get() {
    return ok(await this.overview.overview());
  }
}
