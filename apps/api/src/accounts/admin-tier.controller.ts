import { Body, Controller, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SetTierDto, TierChangedSchema } from '@stardeck/contracts';
import { AdminGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope } from '../common/api-docs';
import { ok } from '../common/envelope';
import { MemberSettingsService } from './member-settings.service';

@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin/users')
export class AdminTierController {
  constructor(private readonly settings: MemberSettingsService) {}

  /** Moves a member to another tier; the change takes effect on their next request. */
  @Put(':id/tier')
  @HttpCode(200)
  @ApiEnvelope("Set a member's tier", 200, { data: TierChangedSchema })
  async setTier(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: SetTierDto) {
    const user = await this.settings.changeTier(admin, id, dto.tier);
    return ok({ user }, { title: 'Tier', description: `Tier set to ${user.tier}` });
  }
}
