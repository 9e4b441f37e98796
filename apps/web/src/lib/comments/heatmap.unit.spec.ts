import { describe, expect, it } from 'vitest';
import { commentHeat, mostDiscussedMoment } from './heatmap';

const at = (track_timestamp: number, reply_count = 0) => ({ track_timestamp, reply_count });

describe('comment heatmap', () => {
  it('weighs each thread as 1 plus its replies, in equal slices of the track', () => {
    expect(commentHeat([at(0), at(5, 2), at(59), at(60)], 60, 4)).toEqual([4, 0, 0, 2]);
  });

  it('jumps to the earliest comment of the most discussed slice', () => {
    expect(mostDiscussedMoment([at(3), at(40), at(44, 1), at(41)], 60, 6)).toBe(40);
    expect(mostDiscussedMoment([], 60, 6)).toBeNull();
  });

  it('draws nothing before the length is known', () => {
    expect(commentHeat([at(1)], 0, 3)).toEqual([0, 0, 0]);
  });
});
