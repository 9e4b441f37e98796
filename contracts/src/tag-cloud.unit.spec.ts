import { describe, expect, it } from 'vitest';
import { TAG_CLOUD_SIZE, cloudTags } from './tag-cloud';

const tag = (id: number, usage_count: number) => ({ id, name: `tag${id}`, usage_count });

describe('tag cloud (spec §5, §9)', () => {
  it('drops tags used once or never, most used first, weighted 0 to 1', () => {
    const cloud = cloudTags([tag(1, 2), tag(2, 1), tag(3, 10), tag(4, 0), tag(5, 6)]);
    expect(cloud.map((c) => [c.tag.id, c.weight])).toEqual([[3, 1], [5, 0.5], [1, 0]]);
  });

  it('needs at least 2 tags', () => {
    expect(cloudTags([tag(1, 9), tag(2, 1)])).toEqual([]);
  });

  it('holds at most 42 tags, all weighted 1 when used equally', () => {
    const cloud = cloudTags(Array.from({ length: 60 }, (_, i) => tag(i, 3)));
    expect(cloud).toHaveLength(TAG_CLOUD_SIZE);
    expect(cloud.every((c) => c.weight === 1)).toBe(true);
  });
});
