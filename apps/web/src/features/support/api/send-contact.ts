import type { ContactType } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** POST /v1/contact {contact_type, email, username, message} → data.success, data.message. */
export function sendContact(form: { contact_type: ContactType; email: string; username: string; message: string }) {
  return apiCall<{ success: boolean; message: string }>('/contact', { method: 'POST', body: form });
}
