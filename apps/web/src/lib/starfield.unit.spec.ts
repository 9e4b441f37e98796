import { describe, expect, it } from 'vitest';
import { createStars, driftStars, redrawIntervalMs } from './starfield';

describe('starfield redraws', () => {
  it('redraws when the nearest star has crossed one device pixel, and not before', () => {
    const width = 1280;
    const nearest = [{ x: 0.5, y: 0.5, depth: 1 }];
    driftStars(nearest, redrawIntervalMs(width) / 1000);
    expect((0.5 - nearest[0]!.x) * width).toBeCloseTo(1, 6);
  });

  it('redraws more often on wider canvases, where the same drift covers more pixels', () => {
    expect(redrawIntervalMs(1280)).toBeGreaterThan(50);
    expect(redrawIntervalMs(3840)).toBeCloseTo(redrawIntervalMs(1280) / 3, 6);
  });

  it('keeps a finite interval for a canvas with no width yet', () => {
    expect(Number.isFinite(redrawIntervalMs(0))).toBe(true);
  });

  it('never moves a star further than the nearest one', () => {
    const stars = createStars(444, mulberry(7));
    const before = stars.map((s) => s.x);
    driftStars(stars, redrawIntervalMs(1280) / 1000);
    const moved = stars.map((s, i) => ((before[i]! - s.x + 1) % 1) * 1280);
    expect(Math.max(...moved)).toBeLessThanOrEqual(1 + 1e-9);
  });
});

function mulberry(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
