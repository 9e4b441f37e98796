import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BillingPortalSchema, CheckoutDto, CheckoutStartedSchema } from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope } from '../common/api-docs';
import { ok } from '../common/envelope';
import { MembershipService } from './membership.service';

@ApiTags('membership')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1')
export class MembershipController {
  constructor(private readonly membership: MembershipService) {}

  /** Spec §7: a Stripe Checkout session for a paid plan; the browser goes to `checkout_url`. */
  @Post('checkout')
  @HttpCode(200)
  @ApiEnvelope('Start a checkout for a paid plan', 200, { data: CheckoutStartedSchema })
  async checkout(@CurrentUser() member: AuthUser, @Body() dto: CheckoutDto) {
    return ok(await this.membership.checkout(member, dto));
  }

  /** Spec §7: the Billing Portal of the member's Stripe customer; the browser goes to `portal_url`. */
  @Get('customer_portal')
  @ApiEnvelope("Open the billing portal of the member's subscription", 200, { data: BillingPortalSchema })
  async portal(@CurrentUser() member: AuthUser) {
    return ok(await this.membership.portal(member));
  }
}
