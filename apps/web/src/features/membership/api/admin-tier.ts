import type { MemberTier, UserProfile } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/users/{username}: the member whose tier an admin is about to set. */
export function findMember(username: string) {
  return apiCall<{ user: Pick<UserProfile, 'id' | 'username'> }>(`/users/${encodeURIComponent(username)}`);
}

/** PUT /v1/admin/users/{id}/tier (admins only): the tier change is an event like a payment's. */
export function setMemberTier(userId: string, tier: MemberTier) {
  return apiCall<{ user: { id: string; tier: MemberTier } }>(`/admin/users/${encodeURIComponent(userId)}/tier`, { method: 'PUT', body: { tier } });
}
