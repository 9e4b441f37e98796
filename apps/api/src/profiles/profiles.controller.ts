import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListUsersQueryDto, UserPageSchema, UserProfileDataSchema } from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { ProfilesService } from './profiles.service';

/** Members' pages and the member list are for members (spec §2: user pages need sign-in). */
@ApiTags('users')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1/users')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get()
  @ApiEnvelope('List members: search, sort, only those with tracks', 200, { data: UserPageSchema })
  @ApiQueryFrom(ListUsersQueryDto)
  async list(@Query() query: ListUsersQueryDto, @CurrentUser() viewer: AuthUser) {
    return ok(await this.profiles.list(query, viewer));
  }

  @Get(':username')
  @ApiEnvelope("A member's profile", 200, { data: UserProfileDataSchema })
  async get(@Param('username') username: string, @CurrentUser() viewer: AuthUser) {
    return ok({ user: await this.profiles.get(username, viewer) });
  }
}
