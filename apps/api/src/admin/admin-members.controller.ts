import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ADMIN_CONSOLE, AdminMemberPageSchema, MemberSearchDto } from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import { AdminGuard } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { InjectDatabase } from '../platform/tokens';
import { AdminMembersRepository } from './admin-members.repository';

/** Finding a member to act on: the tier change itself is PUT /v1/admin/users/{id}/tier. */
@ApiTags('admin')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/admin')
export class AdminMembersController {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly members: AdminMembersRepository,
  ) {}

  @Get('members')
  @ApiEnvelope('Search members by username, email or id (unverified accounts included)', 200, { data: AdminMemberPageSchema })
  @ApiQueryFrom(MemberSearchDto)
  async search(@Query() query: MemberSearchDto) {
    return ok(await this.members.search(this.db, query.q || undefined, query.limit ?? ADMIN_CONSOLE.memberPage, query.offset ?? 0));
  }
}
