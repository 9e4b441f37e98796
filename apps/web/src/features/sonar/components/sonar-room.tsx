import { useEffect, useLayoutEffect, useRef } from 'react';
import { useMe } from '../../../lib/session/store';
import { connectSonar } from '../connection';
import { loadOlderMessages, loadRoomInfo } from '../room-history';
import { useRoomId } from '../room-id';
import { markRead, useSonar } from '../store';
import { countOf } from '../../../utils/format';
import { Composer } from './composer';
import { ListenAlongBar } from './listen-along-bar';
import { MessageItem } from './message-item';
import '../sonar.css';

const STATUS_TEXT = { idle: 'not connected', connecting: 'connecting...', connected: 'connected', closed: 'connection closed', error: 'connection error' } as const;

/** Keeps the unread count while the page is hidden, and shows it in the title. */
function useUnreadTitle(unread: number) {
  useEffect(() => {
    const read = () => {
      if (document.visibilityState === 'visible') markRead();
    };
    document.addEventListener('visibilitychange', read);
    read();
    return () => document.removeEventListener('visibilitychange', read);
  }, []);
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
  }, [unread]);
}

/** The Sonar room: status, history, who is here and typing, and the composer. */
export function SonarRoom() {
  const me = useMe();
  const wanted = useRoomId();
  const { status, error, roomId, messages, users, unread, initialLoaded, olderAvailable, loadingOlder, messageCount } = useSonar();
  const end = useRef<HTMLLIElement>(null);
  useUnreadTitle(unread);
  const scroller = useOlderHistoryOnScroll(messages[0]?.id, olderAvailable);

  // Changing room clears messages and users (connectSonar does it when the room differs).
  useEffect(() => {
    void connectSonar(wanted);
  }, [wanted]);
  useEffect(() => {
    if (status === 'connected') void loadRoomInfo();
  }, [status, roomId]);
  // A new message at the end scrolls to it; older ones loaded above do not.
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const byId = new Map(messages.map((m) => [m.id, m] as const));
  const typists = users.filter((u) => u.isTyping && u.id !== me?.id).map((u) => u.name);
  return (
    <div className="sonar">
      <p className={`output sonar__status sonar__status--${status}`} role="status" aria-label="connection status">
        [{STATUS_TEXT[status]}] #{roomId}
        {messageCount !== null && <span className="output--muted"> · {countOf(messageCount, 'message')} · {users.length} here</span>}
      </p>
      {error && (
        <p className="output output--err" role="alert">
          {error}
        </p>
      )}
      <div className="sonar__body">
        <section className="sonar__messages" aria-label="messages" ref={scroller}>
          {!initialLoaded && status !== 'error' && <p className="output output--muted">[..] loading history</p>}
          {olderAvailable && (
            <button type="button" className="btn btn--small sonar__older" onClick={() => void loadOlderMessages()} disabled={loadingOlder}>
              {loadingOlder ? 'loading older messages...' : 'load older messages'}
            </button>
          )}
          <ul className="sonar__list">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} repliedTo={message.replyToId !== null ? byId.get(message.replyToId) : undefined}
                meId={me?.id ?? null} isAdmin={me?.role === 'admin'} />
            ))}
            <li ref={end} aria-hidden="true" />
          </ul>
        </section>
        <aside className="sonar__users">
          <h2 className="sonar__heading">users ({users.length})</h2>
          <ul aria-label="users in room">
            {users.map((user) => (
              <li key={user.id}>
                {user.name} <span className="output--muted">[{user.presenceState}]</span>
                {user.playback && <span className="output--muted"> ♪<span className="visually-hidden"> shares their player</span></span>}
              </li>
            ))}
          </ul>
        </aside>
      </div>
      <p className="sonar__typing output--muted" aria-live="polite">
        {typists.length > 0 ? `${typists.join(', ')} ${typists.length === 1 ? 'is' : 'are'} typing...` : ' '}
      </p>
      <ListenAlongBar />
      <Composer />
    </div>
  );
}

/**
 * Scrolling to the top of the messages loads the page before them (as a chat app does); the
 * button above them does the same from the keyboard. The view stays on the message that was at
 * the top: the height the older messages add is added to the scroll position.
 */
function useOlderHistoryOnScroll(firstId: number | undefined, olderAvailable: boolean) {
  const scroller = useRef<HTMLElement>(null);
  const height = useRef(0);
  const first = useRef(firstId);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (first.current !== undefined && firstId !== undefined && firstId < first.current) box.scrollTop += box.scrollHeight - height.current;
    first.current = firstId;
    height.current = box.scrollHeight;
  });
  useEffect(() => {
    const box = scroller.current;
    if (!box || !olderAvailable) return;
    const onScroll = () => {
      if (box.scrollTop < 40) void loadOlderMessages();
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, [olderAvailable]);
  return scroller;
}
