import { apiCall } from '../../../lib/api-client';

export interface LoginInput {
  email: string;
  password: string;
  remember_me: boolean;
}

/** POST /v1/login. A success carries the access token and `me`; the API client adopts both. */
export function login(input: LoginInput) {
  return apiCall<undefined>('/login', { method: 'POST', body: input });
}
