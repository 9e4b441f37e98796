import type { InviteView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export interface InviteList {
  invites: InviteView[];
  /** Invites someone signed up with. */
  used: number;
  /** Invites not used yet; they count against the limit too. */
  pending: number;
  limits: { invite: number | null };
}

/** GET /v1/invite: the member's invites and how many their tier allows. */
export function getInvites(signal?: AbortSignal) {
  return apiCall<InviteList>('/invite', { signal });
}
