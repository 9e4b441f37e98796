import { normaliseUrl } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export interface RequestAccessInput {
  email: string;
  url: string;
  message: string;
}

/** POST /v1/access_request (the waitlist). https:// is assumed when the URL has no scheme; an empty message is sent as null. */
export function requestAccess(input: RequestAccessInput) {
  return apiCall<undefined>('/access_request', {
    method: 'POST',
    body: { email: input.email.trim(), url: normaliseUrl(input.url) ?? input.url, message: input.message.trim() || null },
  });
}
