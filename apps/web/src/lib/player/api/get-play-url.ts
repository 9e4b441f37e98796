import type { StreamingQuality } from '@stardeck/contracts/browser';
import { apiCall } from '../../api-client';

export interface PlayUrl {
  /** Signed and short-lived; a path on this origin (local storage) or an object-store URL. */
  url: string;
  quality: StreamingQuality;
  mimetype: string;
  expires_in: number;
}

/** GET /v1/tracks/{id}/play: where to stream the best rendition the member's tier allows. */
export function getPlayUrl(trackId: number, signal?: AbortSignal) {
  return apiCall<PlayUrl>(`/tracks/${trackId}/play`, { signal });
}
