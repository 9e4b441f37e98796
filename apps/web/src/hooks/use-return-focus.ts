import { useEffect, useRef } from 'react';

/**
 * The last element focused outside any overlay (elements marked `data-overlay`). Remembered as
 * focus moves, because opening an overlay makes the app inert, which takes focus away from the
 * opener before any effect could ask what it was.
 */
let lastOutside: HTMLElement | null = null;
let tracking = false;

function track(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('[data-overlay]')) lastOutside = target;
  });
}

track();

/**
 * While `key` is set an overlay is open; when it goes back to null, focus returns to the element
 * that had it when the overlay opened (spec: focus is given back when a modal closes).
 */
export function useReturnFocus(key: unknown): void {
  const opener = useRef<HTMLElement | null>(null);
  const open = key !== null && key !== undefined;
  useEffect(() => {
    if (open) {
      opener.current ??= lastOutside;
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) element.focus();
  }, [open]);
}
