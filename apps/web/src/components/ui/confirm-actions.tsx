interface ConfirmActionsProps {
  /** The dangerous action, as its button reads. */
  label: string;
  /** The button's text while the action runs. */
  busyLabel: string;
  busy: boolean;
  /** Why the action was refused, announced; null while there is nothing to say. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The foot of a confirmation dialog (delete, remove): the action, and cancel, which takes focus
 * first so that a stray Enter harms nothing; the refusal shows beneath as an alert.
 */
export function ConfirmActions({ label, busyLabel, busy, error, onConfirm, onCancel }: ConfirmActionsProps) {
  return (
    <>
      <div className="actions">
        <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
        <button type="button" className="btn" onClick={onCancel} data-autofocus>
          cancel
        </button>
      </div>
      {error && (
        <p className="output output--err" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
