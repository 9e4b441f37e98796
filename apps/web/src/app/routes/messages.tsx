import type { ConversationPage } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ConversationList } from '../../features/messages/components/conversation-list';
import { showConversations } from '../../features/messages/store';

/** /messages: the member's conversations (preloaded by the route). */
export function Component() {
  const page = useLoaderData() as ConversationPage;
  useEffect(() => showConversations(page), [page]);
  return (
    <TerminalWindow path="~/messages" title="messages">
      <PromptLine command="messages --list" />
      <ConversationList />
    </TerminalWindow>
  );
}
