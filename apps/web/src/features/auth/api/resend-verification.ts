import { apiCall } from '../../../lib/api-client';

/** POST /v1/resend_verification: the same answer whether or not an account waits for verification. */
export function resendVerification(email: string) {
  return apiCall<undefined>('/resend_verification', { method: 'POST', body: { email } });
}
