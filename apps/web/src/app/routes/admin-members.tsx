import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { AdminTierForm } from '../../features/membership/components/admin-tier-form';
import type { ContactMessageView } from '../../features/support/api/contact-messages';
import { ContactMessageList } from '../../features/support/components/contact-message-list';
import { useMe } from '../../lib/session/store';

/** /admin/members: an admin sets a member's tier by hand and reads the contact messages. */
export function Component() {
  const me = useMe();
  const data = useLoaderData() as { contact_messages: ContactMessageView[]; total: number } | null;
  if (me?.role !== 'admin') {
    return (
      <TerminalWindow path="~/admin" title="members admin">
        <p className="output output--err">admins only.</p>
      </TerminalWindow>
    );
  }
  return (
    <TerminalWindow path="~/admin/members" title="members admin">
      <PromptLine command="tier --set" />
      <AdminTierForm />
      <PromptLine command={`contact --list (${data?.total ?? 0})`} />
      <ContactMessageList messages={data?.contact_messages ?? []} />
    </TerminalWindow>
  );
}
