import { PAGE_SIZES, type NotificationView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export interface NotificationPage {
  notifications: NotificationView[];
  total: number;
  has_more: boolean;
}

/** GET /v1/notifications {limit, offset}: newest first, pages of 20 (spec §9). */
export function getNotifications(offset: number, signal?: AbortSignal) {
  return apiCall<NotificationPage>('/notifications', { query: { limit: PAGE_SIZES.notifications, offset }, signal });
}

/** DELETE /v1/notifications/{id}; the answer's `me` carries the new count. */
export function dismissNotification(id: string) {
  return apiCall<undefined>(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /v1/notifications/delete-all. */
export function dismissAllNotifications() {
  return apiCall<undefined>('/notifications/delete-all', { method: 'POST' });
}
