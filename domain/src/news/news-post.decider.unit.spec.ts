import type { NewsEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { NewsPostErrors, newsPostDecider, type NewsPostCommand } from './news-post.decider';

const given = deciderSpec(newsPostDecider);
const admin = '00000000-0000-4000-8000-0000000000ad';
const t0 = new Date('2026-03-01T12:00:00Z');
const t1 = new Date('2026-03-02T12:00:00Z');
const create = (fields: Partial<Extract<NewsPostCommand, { type: 'CreateNewsPost' }>> = {}): NewsPostCommand => ({
  type: 'CreateNewsPost', post_id: 5, author_id: admin, title: 'Hello', content: 'Body', status: 'draft', visibility: 'public', now: t0, ...fields,
});
const draft: NewsEvent = {
  type: 'NewsPostCreated',
  data: { post_id: 5, author_id: admin, title: 'Hello', content: 'Body', status: 'draft', visibility: 'public', published_at: null },
};

describe('news post decider', () => {
  it('creates a draft, trimmed, without a publication time', () => {
    given([]).when(create({ title: '  Hello ', content: ' Body\n' })).then([draft]);
  });

  it('a post created published is published now', () => {
    given([]).when(create({ status: 'published' })).then([{ ...draft, data: { ...draft.data, status: 'published', published_at: t0.toISOString() } }] as NewsEvent[]);
  });

  it('refuses a missing title, a title over 200 characters and empty content', () => {
    given([]).when(create({ title: '  ' })).thenFails(NewsPostErrors.invalid);
    given([]).when(create({ title: 'x'.repeat(201) })).thenFails(NewsPostErrors.invalid);
    given([]).when(create({ content: ' ' })).thenFails(NewsPostErrors.invalid);
    given([]).when(create({ title: 'x'.repeat(200) })).then([{ ...draft, data: { ...draft.data, title: 'x'.repeat(200) } }] as NewsEvent[]);
  });

  it('publishing a draft sets its publication time once; back to draft and again keeps it', () => {
    const published: NewsEvent = { type: 'NewsPostUpdated', data: { post_id: 5, title: 'Hello', content: 'Body', status: 'published', visibility: 'public', published_at: t1.toISOString() } };
    given([draft]).when({ type: 'UpdateNewsPost', status: 'published', now: t1 }).then([published]);
    const unpublished: NewsEvent = { type: 'NewsPostUpdated', data: { ...published.data, status: 'draft' } as never };
    given([draft, published, unpublished]).when({ type: 'UpdateNewsPost', status: 'published', now: new Date('2026-04-01T00:00:00Z') }).then([published]);
  });

  it('an edit merges into the post; one that changes nothing records nothing', () => {
    given([draft]).when({ type: 'UpdateNewsPost', visibility: 'private', now: t1 })
      .then([{ type: 'NewsPostUpdated', data: { post_id: 5, title: 'Hello', content: 'Body', status: 'draft', visibility: 'private', published_at: null } }]);
    given([draft]).when({ type: 'UpdateNewsPost', title: 'Hello ', now: t1 }).thenNothing();
    given([draft]).when({ type: 'UpdateNewsPost', title: 'x'.repeat(201), now: t1 }).thenFails(NewsPostErrors.invalid);
  });

  it('deletes a post once; a deleted or missing post is not found', () => {
    given([draft]).when({ type: 'DeleteNewsPost', actor_id: admin }).then([{ type: 'NewsPostDeleted', data: { post_id: 5, deleted_by: admin } }]);
    const deleted: NewsEvent = { type: 'NewsPostDeleted', data: { post_id: 5, deleted_by: admin } };
    given([draft, deleted]).when({ type: 'DeleteNewsPost', actor_id: admin }).thenFails(NewsPostErrors.notFound);
    given([draft, deleted]).when({ type: 'UpdateNewsPost', title: 'Back', now: t1 }).thenFails(NewsPostErrors.notFound);
    given([]).when({ type: 'UpdateNewsPost', title: 'Back', now: t1 }).thenFails(NewsPostErrors.notFound);
  });
});
