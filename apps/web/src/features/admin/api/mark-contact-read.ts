import { apiCall } from '../../../lib/api-client';

/** POST /v1/admin/contact_messages/{id}/read: once per message, with the admin as the event's actor. */
export function markContactRead(id: string) {
  return apiCall<undefined>(`/admin/contact_messages/${encodeURIComponent(id)}/read`, { method: 'POST', body: {} });
}
