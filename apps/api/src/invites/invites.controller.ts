import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { DeleteInviteDto, InviteCheckSchema, InviteCreatedSchema, InviteListSchema, MSG } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, CurrentUser, RequestThrottleService, type AuthUser } from '../auth';
import { ApiEnvelope, ApiPublic } from '../common/api-docs';
import { ok } from '../common/envelope';
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
  @ApiPublic()
  @ApiEnvelope('Check an invite key and name who sent it', 200, { data: InviteCheckSchema })
  async validate(@Param('token') token: string, @Req() request: FastifyRequest) {
    await this.throttle.inviteCheck(request.ip);
    const result = await this.invites.check(token);
    return ok(result, { title: result.valid ? MSG.inviteValid : MSG.inviteInvalid });
  }

  @Get('invite')
  @ApiEnvelope('List my invites and how many my tier allows', 200, { data: InviteListSchema })
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async list(@CurrentUser() user: AuthUser) {
    return ok(await this.invites.list(user));
  }

  @Post('invite')
  @ApiEnvelope('Create an invite', 201, { data: InviteCreatedSchema })
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async create(@CurrentUser() user: AuthUser) {
    const invite = await this.invites.create(user);
    return ok({ invite }, { title: 'Invite', description: 'Invite created' });
  }

  @Delete('invite')
  @HttpCode(200)
  @ApiEnvelope('Delete an unused invite', 200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async remove(@CurrentUser() user: AuthUser, @Body() dto: DeleteInviteDto) {
    await this.invites.delete(user, dto.invite_id);
    return ok(undefined, { title: 'Invite', description: 'Invite deleted' });
  }
}
