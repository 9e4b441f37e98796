import { apiCall } from '../../../lib/api-client';

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  link: string | null;
  created: string;
}

export const MAIL_PAGE = 20;

/** GET /v1/admin/mail: the dev mailbox, newest first (empty, with mailer 'smtp', when SMTP is set). */
export function getMail(offset: number, signal?: AbortSignal) {
  return apiCall<{ mail: DevMail[]; total: number; has_more: boolean; mailer: 'smtp' | 'dev-mailbox' }>('/admin/mail', { query: { limit: MAIL_PAGE, offset }, signal });
}
