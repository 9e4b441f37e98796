import { apiCall } from '../../../lib/api-client';

/** POST /v1/admin/projections/{name}/rebuild/cancel: the live model stays as it was; 409 when none runs. */
export function cancelRebuild(name: string) {
  return apiCall<unknown>(`/admin/projections/${encodeURIComponent(name)}/rebuild/cancel`, { method: 'POST', body: {} });
}
