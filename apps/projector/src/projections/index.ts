import type { Projection } from '../projection';
import { listeningHistoryProjection } from './listening-history/listening-history.projection';
import { statsProjection } from './stats/stats.projection';
import { tagUsageProjection } from './tag-usage/tag-usage.projection';
import { trackPlaysProjection } from './track-plays/track-plays.projection';

/** Every async projection the platform runs. Inline projections live with their write models in the API. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  statsProjection, trackPlaysProjection, listeningHistoryProjection, tagUsageProjection,
];

export function findProjection(name: string): Projection | undefined {
  return ALL_PROJECTIONS.find((p) => p.name === name);
}
export { TRANSCODE_DISPATCH, transcodeDispatchProjection } from './transcode-dispatch/transcode-dispatch';
