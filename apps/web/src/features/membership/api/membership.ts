import type { PaidPlan, PlansInfo } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/plans → whether paid plans can be bought on this server (not without a payment provider). */
export function getPlans() {
  return apiCall<PlansInfo>('/plans');
}

/** POST /v1/checkout {plan, billing monthly} → data.checkout_url (Stripe Checkout, or the simulator). */
export function createCheckout(plan: PaidPlan) {
  return apiCall<{ checkout_url?: string }>('/checkout', { method: 'POST', body: { plan, billing: 'monthly' } });
}

/** GET /v1/customer_portal → data.portal_url (Stripe's billing portal, or the simulator's). */
export function getCustomerPortal() {
  return apiCall<{ portal_url?: string }>('/customer_portal');
}

/** POST /v1/payments/simulator/checkout: the simulator page's complete or cancel. */
export function finishSimulatedCheckout(session: string, outcome: 'complete' | 'cancel') {
  return apiCall<{ outcome: string; plan?: PaidPlan }>('/payments/simulator/checkout', { method: 'POST', body: { session, outcome } });
}

/** POST /v1/payments/simulator/cancel_subscription: what cancelling in the billing portal does. */
export function cancelSimulatedSubscription() {
  return apiCall<{ canceled: boolean }>('/payments/simulator/cancel_subscription', { method: 'POST', body: {} });
}
