import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DeleteInviteDto, MSG } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth/auth.guard';
import { ok } from '../common/envelope';
import { RequestThrottleService } from '../auth/request-throttle.service';
import { InvitesService } from './invites.service';

@ApiTags('invites')
@Controller('v1')
export class InvitesController {
  constructor(
    private readonly invites: InvitesService,
    private readonly throttle: RequestThrottleService,
  ) {}

  /** Public: the create-account form asks whether its invite key is usable and who sent it. */
  @Get('validate_invite/:token')
  async validate(@Param('token') token: string, @Req() request: FastifyRequest) {
    await this.throttle.inviteCheck(request.ip);
    const result = await this.invites.check(token);
    return ok(result, { title: result.valid ? MSG.inviteValid : MSG.inviteInvalid });
  }

  @Get('invite')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async list(@CurrentUser() user: AuthUser) {
    return ok(await this.invites.list(user));
  }

  @Post('invite')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async create(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    const invite = await this.invites.create(user, { request_id: request.id });
    return ok({ invite }, { title: 'Invite', description: 'Invite created' });
  }

  @Delete('invite')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async remove(@CurrentUser() user: AuthUser, @Body() dto: DeleteInviteDto) {
    await this.invites.delete(user, dto.invite_id);
    return ok(undefined, { title: 'Invite', description: 'Invite deleted' });
  }
}
