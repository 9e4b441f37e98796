import type { StreamPage } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';
import { streamQuery, type StreamFilters } from '../stream-filters';

/** GET /v1/stream {limit, offset, content_type, time_range, sort}. */
export function getStream(filters: StreamFilters, offset: number, signal?: AbortSignal) {
  return apiCall<StreamPage>('/stream', { query: streamQuery(filters, offset), signal });
}
