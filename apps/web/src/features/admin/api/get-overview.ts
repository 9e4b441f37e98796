import type { AdminOverview } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/admin/overview: the console's front page figures. */
export function getOverview(signal?: AbortSignal) {
  return apiCall<AdminOverview>('/admin/overview', { signal });
}
