import { TAG_CLOUD_RINGS, cloudTags } from '@stardeck/contracts/browser';
import { describe, expect, it } from 'vitest';
import { placeTags, shuffled } from './cloud-layout';
import { resetTagOrder, shuffleTags, tagsStore } from './store';

const tags = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `t${i + 1}`, usage_count: 100 - i }));

describe('tag cloud layout (spec §9 rings)', () => {
  it('seats the most used tag in the centre and the rest in rings of 7, 8, 12 and 14', () => {
    const placed = placeTags(cloudTags(tags), null);
    expect(placed).toHaveLength(42);
    expect(TAG_CLOUD_RINGS.map((_, ring) => placed.filter((p) => p.ring === ring).length)).toEqual([1, 7, 8, 12, 14]);
    expect(placed[0]).toMatchObject({ tag: { id: 1 }, ring: 0, x: 50, y: 50, weight: 1 });
    for (const p of placed) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(100);
    }
  });

  it('re-places tags on shuffle and puts them back on reset', () => {
    const cloud = cloudTags(tags);
    const order = shuffled(cloud.map((c) => c.tag.id), () => 0);
    expect(placeTags(cloud, order)[0]!.tag.id).not.toBe(1);
    expect(new Set(order)).toEqual(new Set(cloud.map((c) => c.tag.id)));
    shuffleTags(cloud.map((c) => c.tag.id));
    expect(tagsStore.order).toHaveLength(42);
    resetTagOrder();
    expect(tagsStore.order).toBeNull();
  });
});
