/**
 * Long enough to play the track through and seek back, short enough not to be shared around. A
 * video track's picture is signed for as long as its sound.
 */
export function playUrlSeconds(durationSeconds: number | null): number {
  return 600 + Math.ceil(2 * (durationSeconds ?? 0));
}
