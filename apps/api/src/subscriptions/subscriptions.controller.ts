import { Body, Controller, Delete, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  PROFILE_MSG, SubscribeDto, SubscribeResultSchema, SubscriberPageSchema, SubscriptionListQueryDto, SubscriptionPageSchema,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { SubscriptionsService } from './subscriptions.service';

@ApiTags('users')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Post('subscribe')
  @HttpCode(200)
  @ApiEnvelope('Subscribe to a member', 200, { data: SubscribeResultSchema })
  async subscribe(@CurrentUser() user: AuthUser, @Body() dto: SubscribeDto) {
    await this.subscriptions.set(user, dto.username, true);
    return ok({ success: true }, { title: 'Subscribed', description: PROFILE_MSG.subscribed(dto.username) });
  }

  @Delete('subscribe')
  @HttpCode(200)
  @ApiEnvelope('Unsubscribe from a member', 200, { data: SubscribeResultSchema })
  async unsubscribe(@CurrentUser() user: AuthUser, @Body() dto: SubscribeDto) {
    await this.subscriptions.set(user, dto.username, false);
    return ok({ success: true }, { title: 'Unsubscribed', description: PROFILE_MSG.unsubscribed(dto.username) });
  }

  @Get('subscribers')
  @ApiEnvelope("A member's subscribers, newest first", 200, { data: SubscriberPageSchema })
  @ApiQueryFrom(SubscriptionListQueryDto)
  async subscribers(@CurrentUser() viewer: AuthUser, @Query() query: SubscriptionListQueryDto) {
    const { users, total, has_more } = await this.subscriptions.list('subscribers', viewer, query);
    return ok({ subscribers: users, total, has_more });
  }

  @Get('subscriptions')
  @ApiEnvelope('The members a member subscribes to, newest first', 200, { data: SubscriptionPageSchema })
  @ApiQueryFrom(SubscriptionListQueryDto)
  async subscriptionsOf(@CurrentUser() viewer: AuthUser, @Query() query: SubscriptionListQueryDto) {
    const { users, total, has_more } = await this.subscriptions.list('subscriptions', viewer, query);
    return ok({ subscriptions: users, total, has_more });
  }
}
