import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MEMBERSHIP_MSG, WebhookReceivedSchema } from '@stardeck/contracts';
import { WebhookSignatureError, type Payments } from '@stardeck/infra';
import type { FastifyRequest } from 'fastify';
import { ApiEnvelope, ApiPublic } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { InjectPayments } from '../platform/tokens';
import { MembershipService } from './membership.service';
import { KeepsRawBody } from './raw-body';

export const PAYMENTS_WEBHOOK_PATH = '/v1/webhooks/stripe';

/**
 * Stripe's webhook (and the simulator's, which signs the same way). The signature covers the exact
 * bytes sent, so it is checked on the raw body before the parsed one is trusted; a bad or missing
 * signature gets 400 and changes nothing.
 */
@ApiTags('membership')
@Controller('v1/webhooks')
export class PaymentsWebhookController {
  constructor(
    @InjectPayments() private readonly payments: Payments,
    private readonly membership: MembershipService,
  ) {}

  @Post('stripe')
  @HttpCode(200)
  @KeepsRawBody()
  @ApiPublic()
  @ApiEnvelope("Stripe's webhook: subscription events become tier changes", 200, { data: WebhookReceivedSchema })
  async receive(@Req() request: FastifyRequest) {
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = this.payments.verifyWebhook(request.rawBody ?? Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw ApiError.badRequest('Webhook', MEMBERSHIP_MSG.badSignature);
      throw error;
    }
    const outcome = await this.membership.applyWebhook(event);
    return ok({ received: true, outcome });
  }
}
