import { useEffect, useRef, useState } from 'react';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { editMessage } from '../connection';

const BUSY_RESET_MS = 300;

/** The sonarEditMessage modal (spec §2): a 5-row box prefilled, focused and selected; save_changes saves the trimmed text. */
export function Component({ messageId, content, onClose }: { messageId: number | string; content: string; onClose: () => void }) {
  const [text, setText] = useState(content);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    box.current?.focus();
    box.current?.select();
  }, []);
  const save = async () => {
    if (busy || !text.trim()) return;
    setBusy(true);
    setError(null);
    const failure = await editMessage(Number(messageId) || null, text);
    if (failure) {
      setError(failure);
      setTimeout(() => setBusy(false), BUSY_RESET_MS);
      return;
    }
    onClose();
  };
  return (
    <ModalFrame title="edit message" onClose={onClose}>
      <label className="field">
        <span className="field__label">message</span>
        <textarea ref={box} rows={5} value={text} onChange={(event) => setText(event.target.value)} data-autofocus aria-label="edit message text" />
      </label>
      <div className="actions">
        <button type="button" className="btn" onClick={() => void save()} disabled={busy || text.trim().length === 0}>
          save_changes
        </button>
        <button type="button" className="btn" onClick={onClose}>
          cancel
        </button>
      </div>
      {error && (
        <p className="output output--err" role="alert">
          {error}
        </p>
      )}
    </ModalFrame>
  );
}
