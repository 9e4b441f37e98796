import { ADMIN_CONSOLE, type AdminMemberView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/admin/members: by part of a username, the start of an email, or an id. */
export function searchMembers(q: string, offset: number, signal?: AbortSignal) {
  return apiCall<{ members: AdminMemberView[]; has_more: boolean }>('/admin/members', { query: { q, limit: ADMIN_CONSOLE.memberPage, offset }, signal });
}
