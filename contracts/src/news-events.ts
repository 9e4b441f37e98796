import type { NewsStatus, NewsVisibility } from './news';

/** News posts are events of one stream per post (`news-{id}`), ids from a sequence; admins write them. */
export interface NewsPostCreated {
  type: 'NewsPostCreated';
  data: {
    post_id: number; author_id: string; title: string; content: string; status: NewsStatus; visibility: NewsVisibility;
    /** Set when the post is first published, kept through later edits. */
    published_at: string | null;
  };
}

/** The post as it is after the edit: every field, so a reader needs no earlier event. */
export interface NewsPostUpdated {
  type: 'NewsPostUpdated';
  data: { post_id: number; title: string; content: string; status: NewsStatus; visibility: NewsVisibility; published_at: string | null };
}

export interface NewsPostDeleted {
  type: 'NewsPostDeleted';
  data: { post_id: number; deleted_by: string };
}

export type NewsEvent = NewsPostCreated | NewsPostUpdated | NewsPostDeleted;

export const newsStreamIds = {
  post: (id: number) => `news-${id}`,
};
