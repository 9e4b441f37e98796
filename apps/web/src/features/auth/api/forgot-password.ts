import { apiCall } from '../../../lib/api-client';

/** POST /v1/forgot_password: the same answer whether or not the address has an account. */
export function forgotPassword(email: string) {
  return apiCall<undefined>('/forgot_password', { method: 'POST', body: { email } });
}
