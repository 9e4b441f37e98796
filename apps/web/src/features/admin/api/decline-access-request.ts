import { apiCall } from '../../../lib/api-client';

/** POST /v1/admin/access_requests/{id}/decline. */
export function declineAccessRequest(id: string) {
  return apiCall<undefined>(`/admin/access_requests/${encodeURIComponent(id)}/decline`, { method: 'POST', body: {} });
}
