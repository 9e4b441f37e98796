import type { AlbumEvent } from './album-events';
import type { MemberTier } from './limits';
import type { ContactEvent, MembershipEvent } from './membership-events';
import type { NotificationEvent } from './notification-events';
import type { ProfileEvent, SubscriptionEvent } from './profile-events';
import type { SocialEvent } from './social-events';
import type { ChatEvent } from './sonar-events';
import type { ConversationEvent } from './conversation-events';
import type { NewsEvent } from './news-events';
import type { ListeningEvent, TrackEvent } from './track-events';

/**
 * Domain events: past-tense names, one payload type each. Stream ids are `{category}-{id}`.
 * A changed payload gets a new schema_version and an upcaster; old events stay readable.
 */
export interface AccountRegistered {
  type: 'AccountRegistered';
  data: { user_id: string; email: string; username: string; slug: string; password_hash: string; role: 'member' | 'admin'; tier: string; invite_id: string | null };
}
export interface AccountVerified { type: 'AccountVerified'; data: { user_id: string } }
/** `change`: the member changed it in their settings, with the current one. */
export interface PasswordChanged { type: 'PasswordChanged'; data: { user_id: string; password_hash: string; reason: 'reset' | 'admin_bootstrap' | 'change' } }
/**
 * A member asked to move their account to `email`. Nothing changes yet: the mail outbox mails a
 * confirmation link to that address (or, if it already has an account, says so to its owner).
 */
export interface EmailChangeRequested { type: 'EmailChangeRequested'; data: { user_id: string; email: string } }
/** The new address was confirmed through its link; the old one is told. */
export interface EmailChanged { type: 'EmailChanged'; data: { user_id: string; email: string; previous_email: string } }
/**
 * Someone asked for a new verification or password reset link. The events say only that: the
 * link's secret token is made by the mail outbox when it sends the mail, and never enters the log.
 */
export interface VerificationRequested { type: 'VerificationRequested'; data: { user_id: string } }
export interface PasswordResetRequested { type: 'PasswordResetRequested'; data: { user_id: string } }
/**
 * Someone tried to sign up with this account's address. The sign-up was answered as if it had
 * worked (so the answer tells nobody the address is registered), and the owner is told by mail.
 */
export interface RegistrationAttempted { type: 'RegistrationAttempted'; data: { user_id: string } }
/** The admin bootstrap makes an existing account an admin; tier follows role (admin role, admin tier). */
export interface AccountRoleChanged { type: 'AccountRoleChanged'; data: { user_id: string; role: 'member' | 'admin'; tier: string } }
/** An admin moved a member to another tier (payments will append the same event). `by` is the admin. */
export interface MemberTierChanged { type: 'MemberTierChanged'; data: { user_id: string; tier: MemberTier; previous: string; by: string } }
/** A member saved their settings; `config` is the whole of them after the change. */
export interface InviteCreated { type: 'InviteCreated'; data: { invite_id: string; key: string; inviter_id: string; access_request_id: string | null } }
/** `user_id` is null when the invite was spent on a sign-up with an address that already had an account. */
export interface InviteRedeemed { type: 'InviteRedeemed'; data: { invite_id: string; user_id: string | null } }
export interface InviteDeleted { type: 'InviteDeleted'; data: { invite_id: string } }
export interface AccessRequested { type: 'AccessRequested'; data: { request_id: string; email: string; url: string; message: string | null } }
export interface AccessRequestInvited { type: 'AccessRequestInvited'; data: { request_id: string; invite_id: string; admin_id: string } }
/** An admin turned a waitlist request down; it leaves the list of pending requests. */
export interface AccessRequestDeclined { type: 'AccessRequestDeclined'; data: { request_id: string; admin_id: string } }

export type AccountEvent =
  | AccountRegistered | AccountVerified | PasswordChanged | AccountRoleChanged | VerificationRequested | PasswordResetRequested
  | MemberTierChanged | EmailChangeRequested | EmailChanged | RegistrationAttempted;
export type InviteEvent = InviteCreated | InviteRedeemed | InviteDeleted;
export type AccessRequestEvent = AccessRequested | AccessRequestInvited | AccessRequestDeclined;
export type DomainEvent =
  | AccountEvent | InviteEvent | AccessRequestEvent | TrackEvent | ListeningEvent | ProfileEvent | SubscriptionEvent | SocialEvent
  | NotificationEvent | ChatEvent | ContactEvent | MembershipEvent | ConversationEvent | NewsEvent | AlbumEvent;
export type DomainEventType = DomainEvent['type'];

export const streamIds = {
  user: (id: string) => `user-${id}`,
  invite: (id: string) => `invite-${id}`,
  accessRequest: (id: string) => `accessrequest-${id}`,
  contact: (id: string) => `contact-${id}`,
  membership: (userId: string) => `membership-${userId}`,
};

/** The category of a stream id: the part before the first dash (`user-42` → `user`). */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
