import { SONAR, SONAR_MSG } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { deleteMessage } from '../connection';

const BUSY_RESET_MS = 300;

/** The sonarDeleteMessage modal (spec §2): what deleting does, a preview of the text, and delete_message. */
export function Component({ messageId, content, onClose }: { messageId: number | string; content: string; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const max = SONAR.deletePreviewChars;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const failure = await deleteMessage(Number(messageId) || null);
    if (failure) {
      setError(failure);
      setTimeout(() => setBusy(false), BUSY_RESET_MS);
      return;
    }
    onClose();
  };
  return (
    <ModalFrame title="delete message" onClose={onClose}>
      <p>deleting this message:</p>
      <ul className="effects">
        <li>marks the message as deleted</li>
        <li>replaces its content with '{SONAR_MSG.deletedContent}'</li>
        <li>cannot be undone</li>
      </ul>
      <blockquote className="sonar__preview">{content.length > max ? `${content.slice(0, max)}...` : content}</blockquote>
      <ConfirmActions label="delete_message" busyLabel="deleting..." busy={busy} error={error} onConfirm={() => void confirm()} onCancel={onClose} />
    </ModalFrame>
  );
}
