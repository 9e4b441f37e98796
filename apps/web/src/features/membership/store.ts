import { MEMBERSHIP_MSG, type PaidPlan } from '@stardeck/contracts/browser';
import { proxy, useSnapshot } from 'valtio';
import { toastFailure } from '../../lib/toasts/from-result';
import { showToast } from '../../lib/toasts/store';
import { createCheckout, getCustomerPortal, getPlans } from './api/membership';

export interface MembershipState {
  /** The call under way: a checkout for a plan, or the portal. */
  busy: PaidPlan | 'portal' | null;
  /** Whether this server sells paid plans (it has a payment provider); null until GET /v1/plans answers. */
  paidPlansAvailable: boolean | null;
}

export const membership = proxy<MembershipState>({ busy: null, paidPlansAvailable: null });

/** Asks once whether paid plans can be bought here; a failed call leaves the buttons as they are (checkout then explains). */
export async function loadPlans(): Promise<void> {
  if (membership.paidPlansAvailable !== null) return;
  const result = await getPlans();
  if (result.ok && result.envelope.data) membership.paidPlansAvailable = result.envelope.data.paid_plans_available;
}

/** Where the browser goes for Stripe's pages; tests replace it. */
let leaveTo = (url: string) => window.location.assign(url);
export function setNavigator(navigate: (url: string) => void): void {
  leaveTo = navigate;
}

/** Spec §7: the browser goes to Checkout; a failure is 'Failed to create checkout session', no URL 'No checkout URL received'. */
export async function startCheckout(plan: PaidPlan): Promise<boolean> {
  if (membership.busy) return false;
  membership.busy = plan;
  try {
    const result = await createCheckout(plan);
    if (!result.ok) {
      toastFailure(result.failure, { title: 'Membership', description: MEMBERSHIP_MSG.checkoutFailed });
      return false;
    }
    const url = result.envelope.data?.checkout_url;
    if (!url) {
      showToast({ kind: 'error', title: 'Membership', description: MEMBERSHIP_MSG.noCheckoutUrl });
      return false;
    }
    leaveTo(url);
    return true;
  } finally {
    membership.busy = null;
  }
}

/** Spec §7: the browser goes to the portal; 'Failed to open customer portal' or 'No portal URL received' otherwise. */
export async function openPortal(): Promise<boolean> {
  if (membership.busy) return false;
  membership.busy = 'portal';
  try {
    const result = await getCustomerPortal();
    if (!result.ok) {
      toastFailure(result.failure, { title: 'Membership', description: MEMBERSHIP_MSG.portalFailed });
      return false;
    }
    const url = result.envelope.data?.portal_url;
    if (!url) {
      showToast({ kind: 'error', title: 'Membership', description: MEMBERSHIP_MSG.noPortalUrl });
      return false;
    }
    leaveTo(url);
    return true;
  } finally {
    membership.busy = null;
  }
}

export const useMembership = () => useSnapshot(membership);

export function reset(): void {
  membership.busy = null;
  membership.paidPlansAvailable = null;
}
