import { describe, expect, it } from 'vitest';
import { TIERS, type StreamingQuality, type TierSlug } from './limits';
import { effectiveStreamingQuality } from './streaming-quality';

/** Spec §4/§6: what each tier gets for each configured quality, for a lossless source. */
const TABLE: Record<TierSlug, Record<StreamingQuality, StreamingQuality>> = {
  free: { standard: 'standard', high: 'standard', flac: 'standard' },
  core: { standard: 'standard', high: 'high', flac: 'high' },
  premium: { standard: 'standard', high: 'high', flac: 'flac' },
  admin: { standard: 'standard', high: 'high', flac: 'flac' },
};

describe('streaming quality fallback', () => {
  for (const [tier, row] of Object.entries(TABLE) as [TierSlug, Record<StreamingQuality, StreamingQuality>][]) {
    for (const [wanted, expected] of Object.entries(row) as [StreamingQuality, StreamingQuality][]) {
      it(`${tier} asking for ${wanted} streams ${expected}`, () => {
        expect(effectiveStreamingQuality(wanted, TIERS[tier])).toBe(expected);
      });
    }
  }

  it('streams high instead of flac when the track has no lossless rendition', () => {
    expect(effectiveStreamingQuality('flac', TIERS.premium, { high: true, lossless: false })).toBe('high');
    expect(effectiveStreamingQuality('flac', TIERS.free, { high: true, lossless: false })).toBe('standard');
  });
});
