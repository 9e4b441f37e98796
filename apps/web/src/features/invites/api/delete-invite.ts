import { apiCall } from '../../../lib/api-client';

/** DELETE /v1/invite { invite_id }. Only an unused invite can be deleted. */
export function deleteInvite(inviteId: string) {
  return apiCall<undefined>('/invite', { method: 'DELETE', body: { invite_id: inviteId } });
}
