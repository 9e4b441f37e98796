import { useSnapshot } from 'valtio';
import { dismissToast, toasts, type Toast } from '../../lib/toasts/store';

/**
 * Spec §2 toasts: [OK] or [ERR], a title and an optional description, in words: the HTTP status
 * the spec put beside them ("STATUS::201") meant nothing to the people reading it. A click
 * anywhere on one dismisses it; it leaves by itself after 7 s with a 0.6 s exit. Lives outside
 * the inert app, so it stays usable above an open modal.
 */
export function Toaster() {
  const { list } = useSnapshot(toasts);
  return (
    <section className="toasts" aria-label="Notifications">
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </section>
  );
}

function ToastItem({ toast }: { toast: Readonly<Toast> }) {
  const ok = toast.kind === 'success';
  return (
    <div
      className={`toast toast--${toast.kind} ${toast.leaving ? 'toast--leaving' : ''}`}
      role={ok ? 'status' : 'alert'}
      onClick={() => dismissToast(toast.id)}
    >
      <p className="toast__title">
        <span className="toast__tag">{ok ? '[OK]' : '[ERR]'}</span> {toast.title}
      </p>
      {toast.description && <p className="toast__description">{toast.description}</p>}
      <button type="button" className="toast__dismiss">
        <span aria-hidden="true">[x]</span>
        <span className="visually-hidden">dismiss</span>
      </button>
    </div>
  );
}
