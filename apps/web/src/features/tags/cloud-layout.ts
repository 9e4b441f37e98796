import { TAG_CLOUD_RINGS, type CloudTag } from '@stardeck/contracts/browser';

/**
 * Distance of each ring from the centre, as a fraction of the cloud's width when all five are in
 * use: inner rings hold nearly as many labels on a shorter circle, so they sit further apart
 * than an even spacing would put them.
 */
const RING_RADII = [0, 0.17, 0.27, 0.36, 0.46];

export interface PlacedTag<T> extends CloudTag<T & { usage_count: number }> {
  ring: number;
  /** Centre of the label, in percent of the cloud's width and height. */
  x: number;
  y: number;
}

/**
 * Seats the tags in the rings of spec §9 (1, 7, 8, 12, 14), in the given order: most used first
 * by default, or the order a shuffle chose. Each ring starts at its own angle so labels of
 * neighbouring rings do not line up.
 */
export function placeTags<T extends { id: number; usage_count: number }>(cloud: readonly CloudTag<T>[], order: readonly number[] | null): PlacedTag<T>[] {
  const byId = new Map(cloud.map((entry) => [entry.tag.id, entry]));
  const ordered = order ? [...order.map((id) => byId.get(id)).filter((e) => e !== undefined), ...cloud.filter((e) => !order.includes(e.tag.id))] : [...cloud];
  const placed: PlacedTag<T>[] = [];
  const outerRing = ringsUsed(ordered.length) - 1;
  let next = 0;
  TAG_CLOUD_RINGS.forEach((seats, ring) => {
    const members = ordered.slice(next, next + seats);
    next += seats;
    members.forEach((entry, seat) => {
      const angle = (2 * Math.PI * seat) / seats + ring * 0.45 - Math.PI / 2;
      // A cloud that fills fewer rings keeps their proportions out to the same outer edge.
      const radius = outerRing === 0 ? 0 : (RING_RADII[ring]! / RING_RADII[outerRing]!) * RING_RADII[4]!;
      placed.push({ ...entry, ring, x: 50 + radius * 100 * Math.cos(angle), y: 50 + radius * 100 * Math.sin(angle) });
    });
  });
  return placed;
}

/** How many rings `count` tags fill (1 to 5). */
export function ringsUsed(count: number): number {
  let seats = 0;
  for (const [ring, size] of TAG_CLOUD_RINGS.entries()) {
    seats += size;
    if (count <= seats) return ring + 1;
  }
  return TAG_CLOUD_RINGS.length;
}

/** A random order of the ids (Fisher–Yates); `random` is injectable for tests. */
export function shuffled(ids: readonly number[], random: () => number = Math.random): number[] {
  const result = [...ids];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
