import { IsBoolean, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { MEMBER_TIERS, type MemberTier } from '../limits';
import { CONTACT_TYPES, PAID_PLANS, type AdminContactMessage, type ContactType, type PaidPlan, type PlanOffer, type PaymentsProvider, type PlansInfo, WEBHOOK_OUTCOMES, type WebhookOutcome } from '../membership';
import { Nested, NestedList, Nullable, Timestamp } from './schema-fields';

/** POST /v1/checkout: where the browser goes to pay. */
export class CheckoutStartedSchema {
  @IsString() checkout_url!: string;
}

/** GET /v1/customer_portal: where the browser goes to manage the subscription. */
export class BillingPortalSchema {
  @IsString() portal_url!: string;
}

export class PlanOfferSchema implements PlanOffer {
  @IsIn(MEMBER_TIERS) slug!: MemberTier;
  @IsString() name!: string;
  /** Whole US dollars per month; 0 for free. */
  @IsInt() priceUsd!: number;
  @IsInt() storageMb!: number;
  @IsInt() invites!: number;
  @IsIn(['standard', 'high', 'lossless']) quality!: 'standard' | 'high' | 'lossless';
  @IsString({ each: true }) perks!: string[];
  /** False for a paid plan while no payment provider is configured. */
  @IsBoolean() available!: boolean;
}

/** GET /v1/plans */
export class PlansInfoSchema implements PlansInfo {
  @IsBoolean() paid_plans_available!: boolean;
  @IsIn(['stripe', 'simulator', 'none']) provider!: PaymentsProvider;
  @NestedList(() => PlanOfferSchema) plans!: PlanOfferSchema[];
}

/** POST /v1/payments/simulator/checkout: the plan is there when the checkout completed. */
export class SimulatedCheckoutSchema {
  @IsIn(['complete', 'cancel']) outcome!: 'complete' | 'cancel';
  @IsOptional() @IsIn(PAID_PLANS) plan?: PaidPlan;
}

/** POST /v1/payments/simulator/cancel_subscription */
export class SimulatedCancelSchema {
  @IsBoolean() canceled!: boolean;
}

/** POST /v1/webhooks/stripe */
export class WebhookReceivedSchema {
  @IsBoolean() received!: boolean;
  @IsIn(WEBHOOK_OUTCOMES) outcome!: WebhookOutcome;
}

/** POST /v1/contact */
export class ContactSentSchema {
  @IsBoolean() success!: boolean;
  @IsString() message!: string;
}

/** The account signed in when a contact message was sent. */
export class ContactSenderSchema {
  @IsString() id!: string;
  @IsString() username!: string;
  @IsString() email!: string;
}

export class AdminContactMessageSchema implements AdminContactMessage {
  @IsString() id!: string;
  @IsString() @Nullable() user_id!: string | null;
  @IsIn(CONTACT_TYPES) contact_type!: ContactType;
  @IsString() email!: string;
  @IsString() username!: string;
  @Nested(() => ContactSenderSchema) @Nullable() sender!: ContactSenderSchema | null;
  @IsString() message!: string;
  @Timestamp() created!: string;
  @Timestamp({ nullable: true }) read_at!: string | null;
}

/** GET /v1/admin/contact_messages */
export class ContactMessagePageSchema {
  @NestedList(() => AdminContactMessageSchema) contact_messages!: AdminContactMessageSchema[];
  @IsInt() total!: number;
  @IsBoolean() has_more!: boolean;
}
