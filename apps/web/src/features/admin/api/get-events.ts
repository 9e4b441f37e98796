import type { InspectedEventPage } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';
import type { EventFilters } from '../event-filters';

/** GET /v1/admin/events: one page of the log, newest first, below `before`. */
export function getEvents(filters: EventFilters, signal?: AbortSignal) {
  return apiCall<InspectedEventPage>('/admin/events', { query: { ...filters }, signal });
}
