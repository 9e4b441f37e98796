import { apiCall } from '../../../lib/api-client';

/** POST /v1/verify_account with the token of the mailed /verify-account?token= link. */
export function verifyAccount(verificationToken: string) {
  return apiCall<undefined>('/verify_account', { method: 'POST', body: { verification_token: verificationToken } });
}
