import type { StreamReplay } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/admin/streams/{stream}: its events and its state as of a version, diffed against `compare`. */
export function getStream(streamId: string, versions: { as_of?: number; compare?: number }, signal?: AbortSignal) {
  return apiCall<StreamReplay>(`/admin/streams/${encodeURIComponent(streamId)}`, { query: versions, signal });
}
