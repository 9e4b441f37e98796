import { apiCall } from '../../../lib/api-client';

export interface ResetPasswordInput {
  recovery_token: string;
  password: string;
  verify_password: string;
}

/** POST /v1/reset_password with the token of the mailed /reset-password?token= link. */
export function resetPassword(input: ResetPasswordInput) {
  return apiCall<undefined>('/reset_password', { method: 'POST', body: input });
}
