import { useLoaderData } from 'react-router';
import { PromptLine } from '../../../components/ui/prompt-line';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getMail, type DevMail } from '../../../features/admin/api/get-mail';
import { Mailbox } from '../../../features/admin/components/mailbox';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('mail', () => 'mail --list');
export const loader = adminLoader(({ request }) => getMail(0, request.signal));

/** /admin/mail: the dev mailbox, when no SMTP server is configured. */
export function Component() {
  const data = useLoaderData() as { mail: DevMail[]; total: number; mailer: 'smtp' | 'dev-mailbox' } | null;
  if (!data || isNotAdmin(data)) return null;
  return (
    <TerminalWindow path="~/admin/mail" title="mail">
      <PromptLine command={`mail --list (${data.total})`} />
      <Mailbox mail={data.mail} mailer={data.mailer} />
    </TerminalWindow>
  );
}
