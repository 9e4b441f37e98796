import { useLoaderData } from 'react-router';
import { PromptLine } from '../../../components/ui/prompt-line';
import { TerminalWindow } from '../../../components/ui/terminal-window';
import { getContactMessages, type ContactMessage } from '../../../features/admin/api/get-contact-messages';
import { ContactMessages } from '../../../features/admin/components/contact-messages';
import { MemberSearch } from '../../../features/admin/components/member-search';
import { adminHandle, adminLoader, isNotAdmin } from './admin-loader';

export const handle = adminHandle('members admin', () => 'members --admin');
export const loader = adminLoader(({ request }) => getContactMessages(0, request.signal));

/** /admin/members: find a member and change their tier; read what members wrote to the team. */
export function Component() {
  const data = useLoaderData() as { contact_messages: ContactMessage[]; total: number } | null;
  if (!data || isNotAdmin(data)) return null;
  return (
    <TerminalWindow path="~/admin/members" title="members admin">
      <PromptLine command="members --search" />
      <MemberSearch />
      <PromptLine command={`contact --list (${data.total})`} />
      <ContactMessages messages={data.contact_messages} />
    </TerminalWindow>
  );
}
