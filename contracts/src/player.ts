/** Spec §3 Player state, §4 Player and Comment input, §9: the footer player's constants. */
export const PLAYER = {
  /** Tracks kept in listening history, newest first. */
  historyMax: 20,
  volumeDefault: 0.8,
  volumeStep: 0.01,
  /** Playback rates offered; 1 is the default. */
  rates: [0.5, 0.75, 1, 1.25, 1.5, 2] as const,
  defaultRate: 1,
  /** Endless mode remembers the last tracks it topped the queue up for. */
  endlessMemory: 5,
  /** Random tracks never repeat the current track, the queue, or this much of history. */
  endlessHistoryExcluded: 10,
  /** Tracks whose comments the player keeps: the current one and the most recent others. */
  commentTracksKept: 5,
  /** A comment's tooltip shows this long when playback passes it... */
  commentTooltipMs: 3000,
  /** ...within this many seconds of its timestamp... */
  commentTooltipWindowSeconds: 0.5,
  /** ...and fades out over this long. */
  commentTooltipHideMs: 200,
} as const;

export type PlaybackRate = (typeof PLAYER.rates)[number];

export function isPlaybackRate(value: unknown): value is PlaybackRate {
  return (PLAYER.rates as readonly unknown[]).includes(value);
}

/** Spec §4: volume is clamped to 0..1 (steps of 0.01). */
export function clampVolume(value: number): number {
  if (!Number.isFinite(value)) return PLAYER.volumeDefault;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
