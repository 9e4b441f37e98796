/** News posts (spec §3, §5, §7, §9): rules, texts and the shape the API answers with. */
export const NEWS_STATUSES = ['draft', 'published'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const NEWS_VISIBILITIES = ['public', 'private'] as const;
export type NewsVisibility = (typeof NEWS_VISIBILITIES)[number];
export const NEWS_SORT_KEYS = ['created', 'updated', 'published_at', 'title'] as const;
export type NewsSortKey = (typeof NEWS_SORT_KEYS)[number];

export const NEWS = {
  titleMax: 200,
  page: 20,
  pageMax: 100,
  /** The latest news the header shows is fetched again after this long. */
  staleMs: 5 * 60_000,
} as const;

export const NEWS_MSG = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be ${NEWS.titleMax} characters or less`,
  contentRequired: 'Content is required',
  statusInvalid: 'Status must be draft or published',
  visibilityInvalid: 'Visibility must be public or private',
  sortInvalid: `sort must be one of ${NEWS_SORT_KEYS.join(', ')}`,
  orderInvalid: 'order must be asc or desc',
  notFound: 'News post not found',
  noPost: 'No news post provided',
  deleteFailed: 'Failed to delete news post',
  created: 'News post created',
  updated: 'News post updated',
  deleted: 'News post deleted',
  title: 'News',
} as const;

/** Spec §5, for the form: the message per field, empty when the post can be saved. */
export function checkNewsForm(form: { title: string; content: string }): Partial<Record<'title' | 'content', string>> {
  const errors: Partial<Record<'title' | 'content', string>> = {};
  const title = form.title.trim();
  if (!title) errors.title = NEWS_MSG.titleRequired;
  else if (title.length > NEWS.titleMax) errors.title = NEWS_MSG.titleTooLong;
  if (!form.content.trim()) errors.content = NEWS_MSG.contentRequired;
  return errors;
}

/** The News post of spec §3. */
export interface NewsPostView {
  id: number;
  title: string;
  content: string;
  user_id: string;
  username: string;
  status: NewsStatus;
  visibility: NewsVisibility;
  created: string;
  updated: string;
  published_at: string | null;
}

export interface NewsPage {
  news: NewsPostView[];
  total_count: number;
  has_more: boolean;
}
