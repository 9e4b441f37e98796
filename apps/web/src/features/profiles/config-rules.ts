import { STREAMING_QUALITIES, TIERS, effectiveStreamingQuality, type StreamingQuality, type TierSlug } from '@stardeck/contracts/browser';

export interface QualityOption {
  value: StreamingQuality;
  label: string;
  /** Why the member's tier cannot choose it ('upgrade to core' / 'upgrade to premium'), or null. */
  lock: string | null;
}

const LABELS: Record<StreamingQuality, string> = { standard: 'standard', high: 'high', flac: 'lossless (flac)' };

/** Spec §6: high needs core, premium or admin; lossless needs premium or admin. */
export function qualityOptions(tier: TierSlug): QualityOption[] {
  const features = (TIERS[tier] ?? TIERS.free).features;
  return STREAMING_QUALITIES.map((value) => ({
    value,
    label: LABELS[value],
    lock: value === 'flac' && !features.lossless ? 'upgrade to premium' : value === 'high' && !features.high_quality ? 'upgrade to core' : null,
  }));
}

/** Spec §4: the quality the config form opens on, after the tier fallback. */
export function initialQuality(saved: StreamingQuality, tier: TierSlug): StreamingQuality {
  return effectiveStreamingQuality(saved, TIERS[tier] ?? TIERS.free);
}
