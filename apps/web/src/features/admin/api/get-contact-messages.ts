import type { AdminContactMessage } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export type ContactMessage = AdminContactMessage;

export const CONTACT_PAGE = 20;

/** GET /v1/admin/contact_messages: what members wrote to the team, newest first. */
export function getContactMessages(offset: number, signal?: AbortSignal) {
  return apiCall<{ contact_messages: ContactMessage[]; total: number; has_more: boolean }>('/admin/contact_messages', { query: { limit: CONTACT_PAGE, offset }, signal });
}
