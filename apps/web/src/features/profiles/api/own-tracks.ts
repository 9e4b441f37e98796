import type { TrackView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** The member's own tracks to pick a pinned track from (GET /v1/tracks/user/{username}). */
export function getOwnTracks(username: string, signal?: AbortSignal) {
  return apiCall<{ tracks: TrackView[]; total: number; has_more: boolean }>(`/tracks/user/${encodeURIComponent(username)}`, { query: { limit: 50, offset: 0 }, signal });
}
