import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ADMIN_MSG, AccessRequestDto, AccessRequestPageSchema, InviteCreatedSchema, MSG, PageDto } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AdminGuard, CurrentUser, RequestThrottleService, type AuthUser } from '../auth';
import { ApiEnvelope, ApiPublic, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { AccessRequestsService } from './access-requests.service';

@ApiTags('access requests')
@Controller('v1')
export class AccessRequestsController {
  constructor(
    private readonly requests: AccessRequestsService,
    private readonly throttle: RequestThrottleService,
  ) {}

  @Post('access_request')
  @ApiPublic()
  @ApiEnvelope('Ask for an invite (join the waitlist)', 201)
  async request(@Body() dto: AccessRequestDto, @Req() request: FastifyRequest) {
    await this.throttle.accessRequest(dto.email, request.ip);
    await this.requests.request(dto);
    return ok(undefined, { title: 'Request Access', description: MSG.accessRequested });
  }

  @Get('admin/access_requests')
  @ApiEnvelope('List access requests', 200, { data: AccessRequestPageSchema })
  @ApiQueryFrom(PageDto)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async list(@Query() page: PageDto) {
    return ok(await this.requests.page(page.limit ?? 20, page.offset ?? 0));
  }

  @Post('admin/access_requests/:id/invite')
  @ApiEnvelope('Answer an access request with an invite mailed to the requester', 201, { data: InviteCreatedSchema })
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async invite(@CurrentUser() admin: AuthUser, @Param('id') id: string) {
    const invite = await this.requests.invite(admin, id);
    return ok({ invite }, { title: 'Access Request', description: 'Invite sent to the requester' });
  }

  @Post('admin/access_requests/:id/decline')
  @HttpCode(200)
  @ApiEnvelope('Decline an access request', 200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async decline(@CurrentUser() admin: AuthUser, @Param('id') id: string) {
    await this.requests.decline(admin, id);
    return ok(undefined, { title: 'Access Request', description: ADMIN_MSG.declined });
  }
}
