import { apiCall } from '../../../lib/api-client';

export interface FollowAnswer {
  collection_id: number;
  is_following: boolean;
  followers_count: number;
}

/** POST (follow) or DELETE (unfollow) /v1/manage/collections/{id}/follow. */
export function setCollectionFollow(collectionId: number, follow: boolean) {
  return apiCall<FollowAnswer>(`/manage/collections/${collectionId}/follow`, { method: follow ? 'POST' : 'DELETE' });
}
