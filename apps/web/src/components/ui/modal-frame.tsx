import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusablesIn, trapTab, useEscapeLayer } from './layers';

interface ModalFrameProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Wider body for lists (invites, queue). */
  wide?: boolean;
  /** When this changes (a new step of the modal), focus moves in again as on open. */
  focusKey?: unknown;
}

/**
 * A modal dialog (spec §2): closes on Escape, a click on the overlay and its close button; never
 * fullscreen. Focus moves in on open (to the element marked `data-autofocus`, else the first
 * control) and Tab stays inside; the app behind is inert while it is open (app/layout.tsx), and
 * the modal host gives focus back to the opener on close.
 */
export function ModalFrame({ title, onClose, children, wide, focusKey }: ModalFrameProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useEscapeLayer(onClose);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
    (preferred ?? focusablesIn(dialog).find((element) => !element.classList.contains('modal__close')) ?? dialog).focus();
  }, [focusKey]);

  return (
    <div className="modal-overlay" data-overlay onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={`modal ${wide ? 'modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => dialogRef.current && trapTab(event, dialogRef.current)}
      >
        <div className="modal__bar">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose}>
            <span aria-hidden="true">[x]</span>
            <span className="visually-hidden">close</span>
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>
  );
}
