/**
 * Spec §2, §5, §9 tag cloud: the 42 most used tags in rings of 1, 7, 8, 12 and 14 around the
 * centre. A tag used once or never is dropped (from the cloud and from discover's tags alike), and
 * a cloud needs at least 2 tags to be drawn.
 */
export const TAG_CLOUD_RINGS = [1, 7, 8, 12, 14] as const;
export const TAG_CLOUD_SIZE = 42;
/** Tags used fewer times than this are left out. */
export const TAG_CLOUD_MIN_USAGE = 2;
export const TAG_CLOUD_MIN_TAGS = 2;

export interface CloudTag<T extends { usage_count: number }> {
  tag: T;
  /** 0 for the least used tag shown, 1 for the most used. */
  weight: number;
}

/** The tags a cloud shows, most used first, each weighted 0 to 1; empty when fewer than 2 qualify. */
export function cloudTags<T extends { usage_count: number }>(tags: readonly T[]): CloudTag<T>[] {
  const shown = tags
    .filter((tag) => tag.usage_count >= TAG_CLOUD_MIN_USAGE)
    .sort((a, b) => b.usage_count - a.usage_count)
    .slice(0, TAG_CLOUD_SIZE);
  if (shown.length < TAG_CLOUD_MIN_TAGS) return [];
  const most = shown[0]!.usage_count;
  const least = shown[shown.length - 1]!.usage_count;
  return shown.map((tag) => ({ tag, weight: most === least ? 1 : (tag.usage_count - least) / (most - least) }));
}
