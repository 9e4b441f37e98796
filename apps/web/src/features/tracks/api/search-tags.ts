import { PAGE_SIZES, type TagView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

/** GET /v1/tags {limit 20, q} while typing, {limit 20, sort usage_count} before. */
export function searchTags(query: string, signal?: AbortSignal) {
  const q = query.trim();
  return apiCall<{ tags: TagView[] }>('/tags', { query: q ? { limit: PAGE_SIZES.tags, q } : { limit: PAGE_SIZES.tags, sort: 'usage_count' }, signal });
}
