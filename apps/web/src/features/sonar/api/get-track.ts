import type { TrackView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/tracks/{id}: the shared track a listen-along follower's player loads. */
export function getTrack(id: number, signal?: AbortSignal) {
  return apiCall<{ track: TrackView }>(`/tracks/${id}`, { signal });
}
