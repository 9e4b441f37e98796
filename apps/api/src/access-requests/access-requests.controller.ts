import { Body, Controller, Get, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AccessRequestDto, MSG } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { PageDto } from '@stardeck/contracts';
import { AdminGuard, CurrentUser, type AuthUser } from '../auth/auth.guard';
import { ok } from '../common/envelope';
import { AccessRequestsService } from './access-requests.service';

@ApiTags('access requests')
@Controller('v1')
export class AccessRequestsController {
  constructor(private readonly requests: AccessRequestsService) {}

  @Post('access_request')
  async request(@Body() dto: AccessRequestDto, @Req() request: FastifyRequest) {
    await this.requests.request(dto, { request_id: request.id });
    return ok(undefined, { title: 'Request Access', description: MSG.accessRequested });
  }

  @Get('admin/access_requests')
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async list(@Query() page: PageDto) {
    return ok(await this.requests.page(page.limit ?? 20, page.offset ?? 0));
  }

  @Post('admin/access_requests/:id/invite')
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  async invite(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    const invite = await this.requests.invite(admin, id, { request_id: request.id });
    return ok({ invite }, { title: 'Access Request', description: 'Invite sent to the requester' });
  }
}
