import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Length, Matches, MaxLength } from 'class-validator';
import { EMAIL_PATTERN } from './account-rules';
import { LIMITS } from './limits';
import { BILLING_PERIODS, CONTACT_MESSAGE_MAX, CONTACT_MSG, CONTACT_TYPES, MEMBERSHIP_MSG, PAID_PLANS, type BillingPeriod, type ContactType, type PaidPlan } from './membership';
import { MSG } from './messages';
import { Rules } from './rules';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** POST /v1/contact */
export class ContactDto {
  @Rules(IsIn(CONTACT_TYPES, { message: CONTACT_MSG.typeInvalid })) contact_type!: ContactType;
  @Rules(
    trim(),
    IsString({ message: MSG.emailRequired }),
    IsNotEmpty({ message: MSG.emailRequired }),
    Length(1, LIMITS.emailMax, { message: MSG.emailLength }),
    Matches(EMAIL_PATTERN, { message: MSG.invalidEmail }),
  )
  email!: string;
  @Rules(
    trim(),
    IsString({ message: CONTACT_MSG.usernameRequired }),
    IsNotEmpty({ message: CONTACT_MSG.usernameRequired }),
    MaxLength(LIMITS.usernameMax, { message: CONTACT_MSG.usernameRequired }),
  )
  username!: string;
  @Rules(
    trim(),
    IsString({ message: CONTACT_MSG.empty }),
    IsNotEmpty({ message: CONTACT_MSG.empty }),
    MaxLength(CONTACT_MESSAGE_MAX, { message: CONTACT_MSG.tooLong }),
  )
  message!: string;
}

/** POST /v1/checkout */
export class CheckoutDto {
  @Rules(IsIn(PAID_PLANS, { message: MEMBERSHIP_MSG.planInvalid })) plan!: PaidPlan;
  @Rules(IsIn(BILLING_PERIODS, { message: MEMBERSHIP_MSG.billingInvalid })) billing!: BillingPeriod;
}

/** POST /v1/payments/simulator/checkout: what the simulator page was given in its address. */
export class SimulatedCheckoutDto {
  @Rules(IsString({ message: MEMBERSHIP_MSG.simulatorSessionInvalid }), MaxLength(512, { message: MEMBERSHIP_MSG.simulatorSessionInvalid }))
  session!: string;
  @Rules(IsIn(['complete', 'cancel'], { message: 'outcome must be complete or cancel' })) outcome!: 'complete' | 'cancel';
}
