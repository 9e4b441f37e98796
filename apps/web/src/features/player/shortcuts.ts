import { useEffect } from 'react';
import { modals } from '../../lib/modals/store';
import { next, player, previous, seekBy, setVolume, togglePlay } from '../../lib/player/store';
import { toggleHelp } from './store';

const SEEK_SECONDS = 5;
const VOLUME_STEP = 0.05;

/** The keys the player answers to, as the help list shows them. */
export const SHORTCUTS: readonly { keys: string; does: string }[] = [
  { keys: 'space', does: 'play / pause' },
  { keys: '← / →', does: `back / forward ${SEEK_SECONDS} s` },
  { keys: '↑ / ↓', does: 'volume up / down (player focused)' },
  { keys: 'j', does: 'next track' },
  { keys: 'k', does: 'previous track' },
  { keys: '?', does: 'show / hide this list' },
];

/** Typing, or a control that answers the key itself, keeps it. */
function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('input, textarea, select, [role="slider"]')) return true;
  return key === ' ' && Boolean(target.closest('button, a, summary, [role="button"]'));
}

/**
 * Keyboard shortcuts of the footer player, while a track is loaded and no dialog is open: space,
 * the arrows and j/k (listed by `SHORTCUTS` and shown with '?').
 */
export function useShortcuts(playerRoot: HTMLElement | null): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (player.currentId === null || modals.current !== null || keyBelongsToTarget(event.target, event.key)) return;
      const inPlayer = playerRoot !== null && event.target instanceof Node && playerRoot.contains(event.target);
      const run: Record<string, () => void> = {
        ' ': () => togglePlay(),
        ArrowLeft: () => seekBy(-SEEK_SECONDS),
        ArrowRight: () => seekBy(SEEK_SECONDS),
        j: () => void next(),
        k: () => void previous(),
        '?': () => toggleHelp(),
      };
      // The page keeps ↑/↓ for scrolling unless the player has focus.
      if (inPlayer) {
        run.ArrowUp = () => setVolume(player.volume + VOLUME_STEP);
        run.ArrowDown = () => setVolume(player.volume - VOLUME_STEP);
      }
      const action = run[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [playerRoot]);
}
