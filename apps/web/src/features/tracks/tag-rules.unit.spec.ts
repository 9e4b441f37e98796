import { describe, expect, it } from 'vitest';
import { addTag, offersNewTag } from './tag-rules';

describe('tag picker rules (spec §5)', () => {
  it('ignores a case-insensitive duplicate and trims names', () => {
    expect(addTag(['Ambient'], '  ambient ')).toEqual({ tags: ['Ambient'] });
    expect(addTag(['Ambient'], ' Drone  Noise ')).toEqual({ tags: ['Ambient', 'Drone Noise'] });
  });

  it('refuses names over 32 characters and more than the maximum', () => {
    expect(addTag([], 'x'.repeat(33))).toEqual({ error: 'Tag name must be 32 characters or less' });
    expect(addTag(['a', 'b', 'c', 'd', 'e'], 'f', 5)).toEqual({ error: 'Maximum 5 tags allowed' });
    expect(addTag(Array.from({ length: 9 }, (_, i) => `t${i}`), 'ten')).toMatchObject({ tags: expect.arrayContaining(['ten']) });
  });

  it('offers a new tag only when no suggestion or chosen tag has that name', () => {
    expect(offersNewTag('drone', [{ name: 'Drone' }], [])).toBe(false);
    expect(offersNewTag('dro', [{ name: 'Drone' }], [])).toBe(true);
    expect(offersNewTag('dro', [], ['DRO'])).toBe(false);
    expect(offersNewTag('  ', [], [])).toBe(false);
  });
});
