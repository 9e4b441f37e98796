import { SONAR, type SonarMessage } from '@stardeck/contracts/browser';
import { openModal } from '../../../lib/modals/store';
import { setReplyingTo } from '../store';
import { SharedTrackCard } from './shared-track-card';

const clock = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const preview = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max)}...` : text);

interface Props {
  message: SonarMessage;
  repliedTo: SonarMessage | undefined;
  meId: string | null;
  isAdmin: boolean;
}

/** One line of the room; content is always text, never markup. */
export function MessageItem({ message, repliedTo, meId, isAdmin }: Props) {
  if (message.isSystem) {
    return (
      <li className="sonar__msg sonar__msg--system" data-message-id={message.id}>
        <span className="sonar__time">[{clock(message.timestamp)}]</span> <span className="sonar__content">*** {message.content}</span>
      </li>
    );
  }
  const own = meId !== null && message.userId === meId;
  const editable = own && !message.isDeleted && Date.now() - Date.parse(message.timestamp) <= SONAR.editWindowMs;
  const deletable = !message.isDeleted && (own || isAdmin);
  return (
    <li className={`sonar__msg${message.isDeleted ? ' sonar__msg--deleted' : ''}`} data-message-id={message.id}>
      {message.replyToId !== null && (
        <div className="sonar__reply-quote">↳ {repliedTo ? `${repliedTo.userName}: ${preview(repliedTo.content)}` : 'an earlier message'}</div>
      )}
      <span className="sonar__time">[{clock(message.timestamp)}]</span> <span className="sonar__author">{message.userName}</span>
      {': '}
      <span className="sonar__content">{message.content}</span>
      {message.editedAt && !message.isDeleted && <span className="sonar__edited"> (edited)</span>}
      {message.sharedTrackId !== null && !message.isDeleted && <SharedTrackCard message={message} meId={meId} />}
      {!message.isDeleted && (
        <span className="sonar__actions">
          <button type="button" className="link-button" aria-label={`reply to ${message.userName}`} onClick={() => setReplyingTo(message)}>
            reply
          </button>
          {editable && (
            <button type="button" className="link-button" aria-label="edit message" onClick={() => openModal('sonarEditMessage', { messageId: message.id, content: message.content })}>
              edit
            </button>
          )}
          {deletable && (
            <button type="button" className="link-button" aria-label="delete message" onClick={() => openModal('sonarDeleteMessage', { messageId: message.id, content: message.content })}>
              delete
            </button>
          )}
        </span>
      )}
    </li>
  );
}
