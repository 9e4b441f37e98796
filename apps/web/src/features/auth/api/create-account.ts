import { apiCall } from '../../../lib/api-client';

export interface CreateAccountInput {
  email: string;
  username: string;
  password: string;
  verify_password: string;
  terms: boolean;
  invitation_key: string;
}

/** POST /v1/create_account; the server mails the verification link. */
export function createAccount(input: CreateAccountInput) {
  return apiCall<{ user: { id: string; username: string } }>('/create_account', { method: 'POST', body: input });
}
