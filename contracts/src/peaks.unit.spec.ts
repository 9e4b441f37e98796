import { describe, expect, it } from 'vitest';
import { downsamplePeaks } from './peaks';

describe('downsamplePeaks', () => {
  it('merges neighbouring pairs, keeping each bucket\'s lowest min and highest max', () => {
    const data = [-0.1, 0.2, -0.5, 0.1, -0.2, 0.9, -0.3, 0.3];
    expect(downsamplePeaks(data, 2)).toEqual([-0.5, 0.2, -0.3, 0.9]);
  });

  it('keeps the loudest moment of a long waveform when shrinking it', () => {
    const data = Array.from({ length: 1800 }, (_, i) => (i === 1234 ? [-1, 1] : [-0.01, 0.01])).flat();
    const small = downsamplePeaks(data, 400);
    expect(small).toHaveLength(800);
    expect(Math.max(...small)).toBe(1);
    expect(Math.min(...small)).toBe(-1);
    expect(small.filter((v) => v === 1)).toHaveLength(1);
  });

  it('leaves a waveform that is already small enough as it is', () => {
    expect(downsamplePeaks([-0.1, 0.1, -0.2, 0.2], 400)).toEqual([-0.1, 0.1, -0.2, 0.2]);
    expect(downsamplePeaks([], 400)).toEqual([]);
  });
});
