import type { TrackPeaksView } from '@stardeck/contracts/browser';
import { apiCall } from '../../api-client';

/**
 * GET /v1/tracks/{id}/peaks (the track view's `analysis.peaks_url`): every pair of the waveform,
 * for the player's wide one. The answer never changes and is cached immutable, so the browser
 * asks once per track.
 */
export function getPeaks(trackId: number, signal?: AbortSignal) {
  return apiCall<TrackPeaksView>(`/tracks/${trackId}/peaks`, { signal });
}
