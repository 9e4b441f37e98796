import { apiCall } from '../../../lib/api-client';

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  verify_password: string;
}

/** PUT /v1/manage/account/password: every other sign-in of the member ends. */
export function changePassword(input: ChangePasswordInput) {
  return apiCall<undefined>('/manage/account/password', { method: 'PUT', body: input });
}

/** POST /v1/manage/account/email: a confirmation link goes to the new address. */
export function changeEmail(input: { email: string; current_password: string }) {
  return apiCall<undefined>('/manage/account/email', { method: 'POST', body: input });
}

/** POST /v1/confirm_email with the token of the mailed /confirm-email?token= link. */
export function confirmEmail(token: string) {
  return apiCall<{ email: string }>('/confirm_email', { method: 'POST', body: { token } });
}
