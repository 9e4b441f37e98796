import type { UserSummary } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export interface InviteCheck {
  valid: boolean;
  /** Who sent the key, when it is valid. */
  inviter?: UserSummary;
}

/** GET /v1/validate_invite/{key}: the key of the mailed /invite?q= link. */
export function validateInvite(key: string) {
  return apiCall<InviteCheck>(`/validate_invite/${encodeURIComponent(key)}`);
}
