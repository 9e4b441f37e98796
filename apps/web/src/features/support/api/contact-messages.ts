import type { ContactType } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export interface ContactMessageView {
  id: string;
  user_id: string;
  contact_type: ContactType;
  email: string;
  username: string;
  message: string;
  created: string;
}

/** GET /v1/admin/contact_messages (admins only), newest first. */
export function getContactMessages(limit: number, offset: number, signal?: AbortSignal) {
  return apiCall<{ contact_messages: ContactMessageView[]; total: number; has_more: boolean }>('/admin/contact_messages', { query: { limit, offset }, signal });
}
