import type { InviteView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** POST /v1/admin/access_requests/{id}/invite: an invite the mail outbox sends to the requester. */
export function inviteAccessRequest(id: string) {
  return apiCall<{ invite: InviteView }>(`/admin/access_requests/${encodeURIComponent(id)}/invite`, { method: 'POST', body: {} });
}
