import type { DiscoverView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/discover: spec §3 Discover payload. */
export function getDiscover(signal?: AbortSignal) {
  return apiCall<DiscoverView>('/discover', { signal });
}
