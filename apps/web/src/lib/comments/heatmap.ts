/**
 * Beyond the spec: where a track is talked about. Each thread weighs 1 plus its replies, summed
 * into equal slices of the track; the hottest slice is the "most discussed moment".
 */
export interface TimedComment {
  track_timestamp: number;
  reply_count: number;
}

export function commentHeat(comments: readonly TimedComment[], duration: number, buckets: number): number[] {
  const heat = new Array<number>(buckets).fill(0);
  if (!(duration > 0) || buckets < 1) return heat;
  for (const comment of comments) {
    const index = Math.min(buckets - 1, Math.max(0, Math.floor((comment.track_timestamp / duration) * buckets)));
    heat[index]! += 1 + Math.max(0, comment.reply_count);
  }
  return heat;
}

/**
 * The second to jump to: the earliest comment in the hottest slice (ties go to the earlier
 * slice), or null when nobody has commented.
 */
export function mostDiscussedMoment(comments: readonly TimedComment[], duration: number, buckets: number): number | null {
  const heat = commentHeat(comments, duration, buckets);
  let best = -1;
  heat.forEach((value, index) => {
    if (value > 0 && (best < 0 || value > heat[best]!)) best = index;
  });
  if (best < 0) return null;
  const from = (best / buckets) * duration;
  const to = ((best + 1) / buckets) * duration;
  const inside = comments.map((c) => c.track_timestamp).filter((t) => t >= from && (t < to || best === buckets - 1));
  return Math.min(...inside);
}
