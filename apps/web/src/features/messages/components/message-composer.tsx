import { messageCounter } from '@stardeck/contracts/browser';
import { useId, useState } from 'react';
import { send, useMessages } from '../store';
import '../messages.css';

/**
 * A message box for one recipient: the 4096 counter warns above 90% (spec §5), Enter sends and
 * Shift+Enter breaks the line. `onSent` gets the conversation the message went to.
 */
export function MessageComposer({ recipientUsername, onSent, autoFocus }: { recipientUsername: string; onSent?: (conversationId: string) => void; autoFocus?: boolean }) {
  const { sending } = useMessages();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const counterId = useId();
  const counter = messageCounter(text);

  const submit = async () => {
    if (!text.trim()) return;
    setError(null);
    const outcome = await send(recipientUsername, text);
    if ('error' in outcome) {
      setError(outcome.error);
      return;
    }
    setText('');
    onSent?.(outcome.conversationId);
  };

  return (
    <form className="messages__composer" onSubmit={(event) => {
      event.preventDefault();
      void submit();
    }}>
      <label className="field">
        <span className="field__label">message to @{recipientUsername}</span>
        <textarea
          rows={4}
          value={text}
          autoFocus={autoFocus}
          data-autofocus={autoFocus ? true : undefined}
          aria-describedby={counterId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void submit();
            }
          }}
        />
      </label>
      <div className="messages__composer-row">
        <span id={counterId} className={`messages__counter${counter.warn ? ' messages__counter--warn' : ''}`}>
          {counter.length}/{counter.max}
        </span>
        <button type="submit" className="btn btn--primary" disabled={sending || !text.trim() || counter.over}>
          {sending ? 'sending...' : 'send'}
        </button>
      </div>
      {error && (
        <p className="output output--err" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
