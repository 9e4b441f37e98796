import { PLAYER } from '@stardeck/contracts/browser';

/**
 * Spec §4: a comment's tooltip shows when playback passes its timestamp (within 0.5 s). Each
 * comment shows once per pass: it can show again after playback has left its window (a seek back,
 * a replay).
 */
export function passingComment<C extends { id: number; track_timestamp: number }>(
  comments: readonly C[],
  time: number,
  shown: ReadonlySet<number>,
): { show: C | null; shown: Set<number> } {
  const near = (c: C) => Math.abs(c.track_timestamp - time) <= PLAYER.commentTooltipWindowSeconds;
  const stillNear = new Set(comments.filter((c) => shown.has(c.id) && near(c)).map((c) => c.id));
  const show = comments.find((c) => near(c) && !stillNear.has(c.id)) ?? null;
  if (show) stillNear.add(show.id);
  return { show, shown: stillNear };
}
