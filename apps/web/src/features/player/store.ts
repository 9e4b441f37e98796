import { PLAYER } from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import { postComment } from '../../lib/comments/store';

/**
 * The footer player's own screen state: the comment being written (spec §4 Comment input), the
 * comment tooltip and the shortcut list. What plays lives in lib/player/store.ts.
 */
export interface CommentDraft {
  trackId: number;
  /** Whole seconds; the avatar on the waveform moves it. */
  timestamp: number;
  text: string;
  posting: boolean;
}

export interface PlayerUiState {
  draft: CommentDraft | null;
  tooltip: { commentId: number; leaving: boolean } | null;
  helpOpen: boolean;
  /** The options panel above the compact bar (queue, history, speed and the rest). */
  panelOpen: boolean;
}

export const playerUi = proxy<PlayerUiState>({ draft: null, tooltip: null, helpOpen: false, panelOpen: false });

const timers = new Set<ReturnType<typeof setTimeout>>();

function later(ms: number, run: () => void): void {
  const timer = setTimeout(() => {
    timers.delete(timer);
    run();
  }, ms);
  timers.add(timer);
}

/** Opens at the current playback time, floored to whole seconds. */
export function openCommentInput(trackId: number, currentTime: number): void {
  playerUi.draft = { trackId, timestamp: Math.max(0, Math.floor(currentTime)), text: '', posting: false };
}

export function moveDraft(seconds: number, duration: number): void {
  if (!playerUi.draft) return;
  const max = duration > 0 ? Math.floor(duration) : Number.MAX_SAFE_INTEGER;
  playerUi.draft.timestamp = Math.min(max, Math.max(0, Math.floor(seconds)));
}

export function setDraftText(text: string): void {
  if (playerUi.draft) playerUi.draft.text = text;
}

/** Closes on cancel, on submit and when the track changes. */
export function closeCommentInput(): void {
  playerUi.draft = null;
}

export async function submitDraft(): Promise<boolean> {
  const draft = playerUi.draft;
  if (!draft || draft.posting || !draft.text.trim()) return false;
  draft.posting = true;
  const posted = await postComment(draft.trackId, draft.text, draft.timestamp);
  if (playerUi.draft !== draft) return Boolean(posted);
  if (!posted) {
    draft.posting = false;
    return false;
  }
  closeCommentInput();
  return true;
}

/** Spec §4: a passed comment shows for 3 s, then fades out over 200 ms. */
export function showTooltip(commentId: number): void {
  playerUi.tooltip = { commentId, leaving: false };
  later(PLAYER.commentTooltipMs, () => {
    if (playerUi.tooltip?.commentId !== commentId) return;
    playerUi.tooltip.leaving = true;
    later(PLAYER.commentTooltipHideMs, () => {
      if (playerUi.tooltip?.commentId === commentId && playerUi.tooltip.leaving) playerUi.tooltip = null;
    });
  });
}

/** The shortcut list lives in the options panel, so showing it opens the panel. */
export function toggleHelp(open: boolean = !playerUi.helpOpen): void {
  playerUi.helpOpen = open;
  if (open) playerUi.panelOpen = true;
}

export function togglePanel(open: boolean = !playerUi.panelOpen): void {
  playerUi.panelOpen = open;
}

export function reset(): void {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  playerUi.draft = null;
  playerUi.tooltip = null;
  playerUi.helpOpen = false;
  playerUi.panelOpen = false;
}
