import { useEffect } from 'react';
import { lightbox } from '../lib/lightbox/store';
import { closeModal, modals, openModal } from '../lib/modals/store';

/** The keys that open the command palette, as aria-keyshortcuts spells them. */
export const PALETTE_KEYS = 'Control+K Meta+K';

/**
 * Ctrl-K (⌘-K on a Mac) opens the command palette and closes it again. It never replaces another
 * open modal or the lightbox: what the member was doing there (an upload, an edit) is not thrown away.
 */
export function togglePalette(): void {
  if (modals.current?.name === 'commandPalette') closeModal();
  else if (modals.current === null && lightbox.image === null) openModal('commandPalette');
}

export function usePaletteShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k') return;
      // The browser's own Ctrl-K (focus its search bar) would take the keys otherwise.
      event.preventDefault();
      togglePalette();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
