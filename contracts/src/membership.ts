import type { MemberTier } from './limits';

/** Spec §7: POST /contact {contact_type, email, username, message}; the tabs of the contactSupport modal. */
export const CONTACT_TYPES = ['support', 'feedback', 'issue'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
/** Spec §9: contact messages are 1 to 4096 characters after trim; the counter warns above 90%. */
export const CONTACT_MESSAGE_MAX = 4096;
export const CONTACT_WARN_RATIO = 0.9;

/** Spec §5 and §8 texts of the contact form, exactly. */
export const CONTACT_MSG = {
  empty: 'Message cannot be empty',
  tooLong: `Message cannot exceed ${CONTACT_MESSAGE_MAX} characters`,
  loginRequired: 'You must be logged in to submit a contact form',
  sessionExpired: 'Your session has expired. Please log in again.',
  invalid: 'Invalid request. Please check your input.',
  tooMany: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Server error. Please try again later.',
  failed: 'Failed to send message. Please try again.',
  typeInvalid: 'contact_type must be one of support, feedback, issue',
  usernameRequired: 'username required',
  authorisationRequired: 'You must authorise us to contact you',
  sent: 'Thanks, your message reached the team. We will reply by email.',
} as const;

/**
 * GET /v1/admin/contact_messages: a contact message as admins see it. `username` and `email` are
 * what the sender typed, so anyone can claim to be anyone there; `sender` is the account that was
 * signed in when it was sent (null for a visitor), shown beside them.
 */
export interface AdminContactMessage {
  id: string;
  user_id: string | null;
  contact_type: ContactType;
  email: string;
  username: string;
  sender: { id: string; username: string; email: string } | null;
  message: string;
  created: string;
  /** When an admin first read it; null while unread. */
  read_at: string | null;
}

/** The contactSupport modal turns a failed POST /contact into the spec §8 text for its status. */
export function contactFailureText(status: number | null, description?: string | null): string {
  if (status === 401) return CONTACT_MSG.sessionExpired;
  if (status === 400) return description || CONTACT_MSG.invalid;
  if (status === 429) return CONTACT_MSG.tooMany;
  if (status === 500) return CONTACT_MSG.serverError;
  return CONTACT_MSG.failed;
}

/** The contact message as the form would send it: null when it is fine, else the §5 text. */
export function contactMessageError(message: string): string | null {
  const trimmed = message.trim();
  if (trimmed.length === 0) return CONTACT_MSG.empty;
  if (trimmed.length > CONTACT_MESSAGE_MAX) return CONTACT_MSG.tooLong;
  return null;
}

/** Paid plans a member can check out (spec §9); free is what remains without one. */
export const PAID_PLANS = ['core', 'premium'] as const satisfies readonly MemberTier[];
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_PERIODS = ['monthly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export interface PlanOffer {
  slug: MemberTier;
  name: string;
  /** Whole US dollars per month; 0 for free. */
  priceUsd: number;
  storageMb: number;
  invites: number;
  quality: 'standard' | 'high' | 'lossless';
  perks: string[];
}

/**
 * Spec §9 plans and prices, as the membership page and the manageMembership modal list them. Each
 * perk is a feature its tier grants (`TIERS[…].features`): video upload is premium's because the
 * upload path takes video from premium members and admins.
 */
export const PLAN_OFFERS: readonly PlanOffer[] = [
  { slug: 'free', name: 'free', priceUsd: 0, storageMb: 1024, invites: 2, quality: 'standard', perks: [] },
  { slug: 'core', name: 'core', priceUsd: 10, storageMb: 65536, invites: 4, quality: 'high', perks: ['albums'] },
  { slug: 'premium', name: 'premium', priceUsd: 20, storageMb: 262144, invites: 6, quality: 'lossless', perks: ['albums', 'video upload', 'infinite mode'] },
];

/** Spec §8 membership texts. */
export const MEMBERSHIP_MSG = {
  portalFailed: 'Failed to open customer portal',
  checkoutFailed: 'Failed to create checkout session',
  noPortalUrl: 'No portal URL received',
  noCheckoutUrl: 'No checkout URL received',
  planInvalid: 'plan must be one of core, premium',
  billingInvalid: 'billing must be monthly',
  noCustomer: 'You have no paid membership to manage yet',
  alreadyOnPlan: 'You are already on this plan',
  badSignature: 'Webhook signature verification failed',
  simulatorOnly: 'The checkout simulator is not enabled on this server',
  simulatorSessionInvalid: 'This checkout session is not valid',
  simulatorSessionUsed: 'This checkout session was already completed',
  unavailable: 'Paid plans are not available on this server',
  unavailableLabel: 'unavailable',
} as const;

/** Who takes payments: Stripe, the local checkout simulator (PAYMENTS=simulator), or nobody. */
export type PaymentsProvider = 'stripe' | 'simulator' | 'none';

/** What a payments webhook event did: nothing for tiers, already applied, or a tier change now. */
export const WEBHOOK_OUTCOMES = ['ignored', 'unchanged', 'applied'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** GET /v1/plans: the plans, and whether paid ones can be bought on this server. */
export interface PlansInfo {
  /** False when no payment provider is configured: checkout and the portal answer 503. */
  paid_plans_available: boolean;
  provider: PaymentsProvider;
  plans: ReadonlyArray<PlanOffer & { available: boolean }>;
}

/** Legal documents (spec §9): one version, one effective date, three tabs. */
export const LEGAL_DOCUMENTS = { version: '1.0', effective: 'August 1, 2025', tabs: ['terms', 'privacy', 'guidelines'] as const };
