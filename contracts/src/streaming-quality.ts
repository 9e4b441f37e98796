import type { TierDefinition } from './limits';
import type { StreamingQuality } from './limits';

export interface AvailableRenditions {
  high: boolean;
  lossless: boolean;
}

/**
 * Spec §4 "Streaming quality fallback": flac without premium or admin becomes high if the tier
 * has high quality (core, premium), else standard; high without it becomes standard. A track
 * without a lossless rendition (lossy source) falls back the same way.
 */
export function effectiveStreamingQuality(
  wanted: StreamingQuality,
  tier: Pick<TierDefinition, 'features'>,
  available: AvailableRenditions = { high: true, lossless: true },
): StreamingQuality {
  if (wanted === 'flac' && tier.features.lossless && available.lossless) return 'flac';
  if ((wanted === 'flac' || wanted === 'high') && tier.features.high_quality && available.high) return 'high';
  return 'standard';
}
