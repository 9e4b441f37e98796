import type { MemberTier } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** PUT /v1/admin/users/{id}/tier: appended as MemberTierChanged with the admin as its actor. */
export function setMemberTier(userId: string, tier: MemberTier) {
  return apiCall<{ user: { id: string; tier: MemberTier } }>(`/admin/users/${encodeURIComponent(userId)}/tier`, { method: 'PUT', body: { tier } });
}
