import { TAG_CLOUD_SIZE, type TagView } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';

export type TagUsage = TagView & { unique_artists: number };

export interface TagList {
  tags: TagUsage[];
  unique_artists: number;
}

/** GET /v1/tags {limit 42, sort usage_count}: the most used tags, for the cloud (public). */
export function getTagCloud(signal?: AbortSignal) {
  return apiCall<TagList>('/tags', { query: { limit: TAG_CLOUD_SIZE, sort: 'usage_count' }, signal });
}
