import type { InspectedEventDetail } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/admin/events/{position}: the event, its cause, what it caused, its correlation chain. */
export function getEvent(position: string, signal?: AbortSignal) {
  return apiCall<InspectedEventDetail>(`/admin/events/${encodeURIComponent(position)}`, { signal });
}
