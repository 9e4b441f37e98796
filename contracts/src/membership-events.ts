import type { ContactType, PaidPlan } from './membership';

/**
 * A member wrote to the team through the contact form (`contact-{id}`). The admins get it by mail
 * from the mail outbox and list it; the event keeps only what that list shows.
 */
export interface ContactMessageSent {
  type: 'ContactMessageSent';
  data: { contact_id: string; user_id: string; contact_type: ContactType; email: string; username: string; message: string };
}

/**
 * One Stripe subscription event, as applied to a member's membership stream (`membership-{userId}`).
 * `event_created` is Stripe's creation time (seconds) of the event, which orders deliveries that
 * arrive out of order; the tier that follows is appended to the account as MemberTierChanged.
 */
export interface SubscriptionSynced {
  type: 'SubscriptionSynced';
  data: {
    user_id: string;
    stripe_event_id: string;
    subscription_id: string;
    customer_id: string;
    status: string;
    plan: PaidPlan | null;
    event_created: number;
  };
}

/** An admin read a contact message: the overview counts the ones nobody has read. */
export interface ContactMessageRead {
  type: 'ContactMessageRead';
  data: { contact_id: string; admin_id: string };
}

export type ContactEvent = ContactMessageSent | ContactMessageRead;
export type MembershipEvent = SubscriptionSynced;
