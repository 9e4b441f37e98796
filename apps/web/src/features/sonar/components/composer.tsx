import { SONAR } from '@stardeck/contracts/browser';
import { useEffect, useRef, useState } from 'react';
import { sendMessage, setTyping } from '../connection';
import { setReplyingTo, useSonar } from '../store';

/** Typing goes quiet this long after the last keystroke. */
const TYPING_IDLE_MS = 3000;
const WARN_AT = Math.floor(SONAR.contentMax * 0.9);

/** The message box: Enter sends, Shift+Enter breaks the line; a chosen reply shows above it. */
export function Composer() {
  const { replyingTo, status } = useSonar();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => () => {
    if (idle.current) clearTimeout(idle.current);
  }, []);
  useEffect(() => {
    if (replyingTo) box.current?.focus();
  }, [replyingTo]);

  const change = (value: string) => {
    setText(value);
    setTyping(value.trim().length > 0);
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(() => setTyping(false), TYPING_IDLE_MS);
  };
  const send = async () => {
    if (sending) return;
    setSending(true);
    const failure = await sendMessage(text);
    setSending(false);
    if (!failure) setText('');
  };

  return (
    <form className="sonar__composer" onSubmit={(event) => {
      event.preventDefault();
      void send();
    }}>
      {replyingTo && (
        <div className="sonar__replying" role="status">
          replying to {replyingTo.userName}: <span className="sonar__content">{replyingTo.content.slice(0, 100)}</span>{' '}
          <button type="button" className="link-button" onClick={() => setReplyingTo(null)} aria-label="cancel reply">
            [x]
          </button>
        </div>
      )}
      <label className="sonar__prompt">
        <span aria-hidden="true">&gt; </span>
        <textarea
          ref={box}
          aria-label="message"
          rows={2}
          value={text}
          placeholder={status === 'connected' ? 'say something' : 'not connected'}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
        />
      </label>
      <div className="sonar__composer-row">
        <span className={`sonar__counter${text.length > WARN_AT ? ' sonar__counter--warn' : ''}`}>
          {text.length}/{SONAR.contentMax}
        </span>
        <button type="submit" className="btn" disabled={sending || text.trim().length === 0}>
          send
        </button>
      </div>
    </form>
  );
}
