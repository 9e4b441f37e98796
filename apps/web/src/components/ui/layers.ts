import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';

/**
 * Overlays (modal, lightbox) stack; Escape closes only the topmost. Each overlay registers while
 * it is mounted.
 */
const stack: Array<{ close: () => void }> = [];

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || stack.length === 0) return;
  event.preventDefault();
  stack[stack.length - 1]!.close();
}

export function useEscapeLayer(close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    const layer = { close: () => latest.current() };
    if (stack.length === 0) document.addEventListener('keydown', onKeyDown);
    stack.push(layer);
    return () => {
      stack.splice(stack.indexOf(layer), 1);
      if (stack.length === 0) document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

/** Keeps Tab and Shift+Tab cycling inside `root` (the rest of the page is inert meanwhile). */
export function trapTab(event: ReactKeyboardEvent<HTMLElement>, root: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const focusables = focusablesIn(root);
  if (focusables.length === 0) {
    event.preventDefault();
    return;
  }
  const first = focusables[0]!;
  const last = focusables[focusables.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !root.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
