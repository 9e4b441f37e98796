import type { TrackView } from '@stardeck/contracts/browser';
import { apiCall } from '../../api-client';

/** POST /v1/tracks/infinite {limit, exclude_ids}: random listed tracks for endless mode (premium). */
export function getRandomTracks(limit: number, excludeIds: readonly number[]) {
  return apiCall<{ tracks: TrackView[] }>('/tracks/infinite', { method: 'POST', body: { limit, exclude_ids: excludeIds } });
}
