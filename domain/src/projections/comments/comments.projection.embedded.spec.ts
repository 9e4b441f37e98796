import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { commentsProjection } from './comments.projection';

const given = projectionSpec(commentsProjection, { alongside: [usersProjection] });
const { owner, fan, other } = SPEC_MEMBERS;
const posted = (comment_id: number, author_id: string, parent_id: number | null = null, track_id = 7) => ({
  type: 'CommentPosted', stream_version: 1,
  data: { comment_id, track_id, track_owner_id: owner, author_id, parent_id, parent_author_id: parent_id ? fan : null, text: `c${comment_id}`, track_timestamp: 12 },
});
const deleted = (comment_id: number, parent_id: number | null = null, track_id = 7) => ({
  type: 'CommentDeleted', data: { comment_id, track_id, track_owner_id: owner, author_id: fan, parent_id, deleted_by: fan },
});

describe('comments projection', () => {
  it('keeps comments and replies, counting replies per thread and comments per track', async () => {
    const events = [...everyoneRegistered(), posted(1, fan), posted(2, owner, 1), posted(3, other, 1), posted(4, other), posted(5, fan, null, 8)];
    await given(...events).then('comments', [
      { id: 1, parent_id: null, reply_count: 2, text: 'c1', track_timestamp: 12, author_id: fan, edited_at: null },
      { id: 2, parent_id: 1, reply_count: 0 },
      { id: 3, parent_id: 1, reply_count: 0 },
      { id: 4, parent_id: null, reply_count: 0 },
      { id: 5, track_id: 8 },
    ], 'id');
    await given(...events).then('track_comment_counts', [{ track_id: 7, comment_count: 4 }, { track_id: 8, comment_count: 1 }]);
  });

  it('applies an edit and marks the comment edited', async () => {
    await given(...everyoneRegistered(), posted(1, fan), {
      type: 'CommentEdited', stream_version: 2, recorded_at: new Date('2026-03-01T00:00:00Z'),
      data: { comment_id: 1, track_id: 7, author_id: fan, text: 'better', track_timestamp: 3 },
    }).then('comments', [{ id: 1, text: 'better', track_timestamp: 3, edited_at: new Date('2026-03-01T00:00:00Z'), version: 2 }]);
  });

  it('deleting a reply counts it off its thread and its track', async () => {
    const events = [...everyoneRegistered(), posted(1, fan), posted(2, owner, 1), posted(3, other, 1), deleted(2, 1)];
    await given(...events).then('comments', [{ id: 1, reply_count: 1 }, { id: 3 }], 'id');
    await given(...events).then('track_comment_counts', [{ track_id: 7, comment_count: 2 }]);
  });

  it('deleting a thread\'s first comment takes its replies and counts them all off the track', async () => {
    const events = [...everyoneRegistered(), posted(1, fan), posted(2, owner, 1), posted(3, other, 1), posted(4, other), deleted(1)];
    await given(...events).then('comments', [{ id: 4 }]);
    await given(...events).then('track_comment_counts', [{ track_id: 7, comment_count: 1 }]);
  });
});
