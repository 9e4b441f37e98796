import type { InviteView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** POST /v1/invite. Refused with 'Invite limit reached' when used plus unused reach the tier's limit. */
export function createInvite() {
  return apiCall<{ invite: InviteView }>('/invite', { method: 'POST' });
}
