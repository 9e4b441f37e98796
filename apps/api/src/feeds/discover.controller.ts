import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DiscoverSchema } from '@stardeck/contracts';
import { OptionalAuthGuard, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer } from '../common/api-docs';
import { ok } from '../common/envelope';
import { DiscoverService } from './discover.service';

@ApiTags('discover')
@Controller('v1/discover')
export class DiscoverController {
  constructor(private readonly discover: DiscoverService) {}

  @Get()
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Discover: newest tracks, members, tags, a collection and totals', 200, { data: DiscoverSchema })
  async view(@ViewerUser() viewer: AuthUser | null) {
    return ok(await this.discover.view(viewer));
  }
}
