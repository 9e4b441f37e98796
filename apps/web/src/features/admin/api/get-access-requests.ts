import type { AccessRequestAdminView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export const WAITLIST_PAGE = 50;

/** GET /v1/admin/access_requests: the waitlist, newest first. */
export function getAccessRequests(offset: number, signal?: AbortSignal) {
  return apiCall<{ access_requests: AccessRequestAdminView[]; total: number; has_more: boolean }>('/admin/access_requests', { query: { limit: WAITLIST_PAGE, offset }, signal });
}
