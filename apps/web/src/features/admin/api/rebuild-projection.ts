import type { ProjectionStatusView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** POST /v1/admin/projections/{name}/rebuild: starts (202); progress shows in the projections list. */
export function rebuildProjection(name: string) {
  return apiCall<{ projection: ProjectionStatusView }>(`/admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST', body: {} });
}
