import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { newsProjection } from './news.projection';

const given = projectionSpec(newsProjection, { alongside: [usersProjection] });
const { owner: admin } = SPEC_MEMBERS;
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
const created = (id: number, status = 'draft') => ({
  type: 'NewsPostCreated', stream_id: `news-${id}`, stream_version: 1, recorded_at: at(id),
  data: { post_id: id, author_id: admin, title: `Post ${id}`, content: 'Body', status, visibility: 'public', published_at: status === 'published' ? at(id).toISOString() : null },
});

describe('news projection', () => {
  it('keeps each post with when it was made, changed and first published', async () => {
    await given(...everyoneRegistered(), created(1), created(2, 'published'), {
      type: 'NewsPostUpdated', stream_id: 'news-1', stream_version: 2, recorded_at: at(9),
      data: { post_id: 1, title: 'Renamed', content: 'Body', status: 'published', visibility: 'private', published_at: at(9).toISOString() },
    }).then('news_posts', [
      { id: 1, title: 'Renamed', status: 'published', visibility: 'private', created_at: at(1), updated_at: at(9), published_at: at(9), version: 2 },
      { id: 2, title: 'Post 2', status: 'published', created_at: at(2), updated_at: at(2), published_at: at(2), version: 1 },
    ], 'id');
  });

  it('a deleted post is gone', async () => {
    await given(...everyoneRegistered(), created(1), created(2), {
      type: 'NewsPostDeleted', stream_id: 'news-1', stream_version: 2, recorded_at: at(9), data: { post_id: 1, deleted_by: admin },
    }).then('news_posts', [{ id: 2 }]);
  });
});
