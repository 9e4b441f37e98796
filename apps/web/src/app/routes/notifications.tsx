import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { NotificationList } from '../../features/notifications/components/notification-list';

/** /notifications: what others did with the member's tracks, collections and profile. */
export function Component() {
  return (
    <TerminalWindow path="~/notifications" title="notifications">
      <PromptLine command="tail -f ~/notifications" />
      <NotificationList />
    </TerminalWindow>
  );
}
