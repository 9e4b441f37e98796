import { NEWS, NEWS_MSG, type NewsEvent, type NewsStatus, type NewsVisibility } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

export interface NewsFields {
  title: string;
  content: string;
  status: NewsStatus;
  visibility: NewsVisibility;
}

export type NewsPostCommand =
  | ({ type: 'CreateNewsPost'; post_id: number; author_id: string; now: Date } & NewsFields)
  | ({ type: 'UpdateNewsPost'; now: Date } & Partial<NewsFields>)
  | { type: 'DeleteNewsPost'; actor_id: string };

export type NewsPostState =
  | { status: 'none' | 'deleted' }
  | { status: 'live'; post_id: number; fields: NewsFields; published_at: string | null };

export const NewsPostErrors = {
  exists: 'news_exists',
  notFound: 'news_not_found',
  invalid: 'news_invalid',
} as const;
export type NewsPostErrorCode = (typeof NewsPostErrors)[keyof typeof NewsPostErrors];

const fail = (code: NewsPostErrorCode, message: string) => new DomainError<NewsPostErrorCode>(code, message);

/** Spec §5: a title of 1 to 200 characters and some content, both trimmed. */
function checked(fields: NewsFields): NewsFields | DomainError<NewsPostErrorCode> {
  const title = fields.title.trim();
  if (!title) return fail(NewsPostErrors.invalid, NEWS_MSG.titleRequired);
  if (title.length > NEWS.titleMax) return fail(NewsPostErrors.invalid, NEWS_MSG.titleTooLong);
  const content = fields.content.trim();
  if (!content) return fail(NewsPostErrors.invalid, NEWS_MSG.contentRequired);
  return { ...fields, title, content };
}

/**
 * The write model of one news post. Who may write is the API's question (admins only); the post
 * keeps the time it was first published through later edits, drafts included. An edit that
 * changes nothing records nothing.
 */
export const newsPostDecider: Decider<NewsPostCommand, NewsEvent, NewsPostState, NewsPostErrorCode> = {
  initialState: () => ({ status: 'none' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateNewsPost': {
        if (state.status !== 'none') return fail(NewsPostErrors.exists, NEWS_MSG.notFound);
        const fields = checked(command);
        if (fields instanceof DomainError) return fields;
        return [{
          type: 'NewsPostCreated',
          data: {
            post_id: command.post_id, author_id: command.author_id, title: fields.title, content: fields.content, status: fields.status,
            visibility: fields.visibility, published_at: fields.status === 'published' ? command.now.toISOString() : null,
          },
        }];
      }
      case 'UpdateNewsPost': {
        if (state.status !== 'live') return fail(NewsPostErrors.notFound, NEWS_MSG.notFound);
        const merged = checked({
          title: command.title ?? state.fields.title, content: command.content ?? state.fields.content,
          status: command.status ?? state.fields.status, visibility: command.visibility ?? state.fields.visibility,
        });
        if (merged instanceof DomainError) return merged;
        const same = (Object.keys(merged) as (keyof NewsFields)[]).every((key) => merged[key] === state.fields[key]);
        if (same) return [];
        const published_at = state.published_at ?? (merged.status === 'published' ? command.now.toISOString() : null);
        return [{ type: 'NewsPostUpdated', data: { post_id: state.post_id, ...merged, published_at } }];
      }
      case 'DeleteNewsPost': {
        if (state.status !== 'live') return fail(NewsPostErrors.notFound, NEWS_MSG.notFound);
        return [{ type: 'NewsPostDeleted', data: { post_id: state.post_id, deleted_by: command.actor_id } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'NewsPostCreated':
      case 'NewsPostUpdated': {
        const d = event.data;
        return { status: 'live', post_id: d.post_id, fields: { title: d.title, content: d.content, status: d.status, visibility: d.visibility }, published_at: d.published_at };
      }
      case 'NewsPostDeleted':
        return { status: 'deleted' };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
