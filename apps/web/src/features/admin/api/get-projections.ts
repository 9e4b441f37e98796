import type { ProjectionStatusView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/admin/projections: every projection and outbox with checkpoint, lag, state and rebuild progress. */
export function getProjections(signal?: AbortSignal) {
  return apiCall<{ projections: ProjectionStatusView[] }>('/admin/projections', { signal });
}
