import type { ContactType } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export interface ContactMessage {
  id: string;
  user_id: string;
  contact_type: ContactType;
  email: string;
  username: string;
  message: string;
  created: string;
  read_at: string | null;
}

export const CONTACT_PAGE = 20;

/** GET /v1/admin/contact_messages: what members wrote to the team, newest first. */
export function getContactMessages(offset: number, signal?: AbortSignal) {
  return apiCall<{ contact_messages: ContactMessage[]; total: number; has_more: boolean }>('/admin/contact_messages', { query: { limit: CONTACT_PAGE, offset }, signal });
}
