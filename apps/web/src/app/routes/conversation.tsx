import type { DirectMessagePage } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { Link, useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ConversationView } from '../../features/messages/components/conversation-view';
import { openConversation } from '../../features/messages/store';

/** /messages/{conversation_id}: the conversation, marked read when it opens and polled while it stays open. */
export function Component() {
  const page = useLoaderData() as DirectMessagePage;
  useEffect(() => openConversation(page), [page]);
  return (
    <TerminalWindow path={`~/messages/${page.conversation.other_user.username}`} title="messages">
      <PromptLine command={`messages --conversation ${page.conversation.other_user.username}`} />
      <p>
        <Link to="/messages">&lt; all conversations</Link>
      </p>
      <ConversationView />
    </TerminalWindow>
  );
}
