import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { sonarHistoryProjection } from './sonar-history.projection';

const given = projectionSpec(sonarHistoryProjection, { alongside: [usersProjection] });
const { owner, fan } = SPEC_MEMBERS;
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
const posted = (id: number, author: string, content: string, reply_to_id: number | null = null, room_id = 'default') => ({
  type: 'ChatMessagePosted', stream_id: `chatmessage-${id}`, stream_version: 1, recorded_at: at(id),
  data: { message_id: id, room_id, author_id: author, content, reply_to_id, posted_at: at(id).toISOString() },
});

describe('sonar room history projection', () => {
  it('keeps each room\'s messages with their replies and enter/leave notices', async () => {
    const events = [
      ...everyoneRegistered(),
      { type: 'ChatPresenceAnnounced', stream_version: 1, data: { message_id: 1, room_id: 'default', member_id: fan, kind: 'entered' } },
      posted(2, fan, 'hello'),
      posted(3, owner, 'hi fan', 2),
      posted(4, owner, 'elsewhere', null, 'late-night'),
    ];
    await given(...events).then('chat_messages', [
      { id: 1, room_id: 'default', author_id: fan, system_kind: 'entered', content: '' },
      { id: 2, room_id: 'default', author_id: fan, content: 'hello', reply_to_id: null, system_kind: null, created_at: at(2), edited_at: null },
      { id: 3, room_id: 'default', content: 'hi fan', reply_to_id: 2 },
      { id: 4, room_id: 'late-night' },
    ], 'id');
  });

  it('keeps the track shared with a message, and none for messages from before sharing existed', async () => {
    const shared = { ...posted(1, owner, 'listen along'), data: { ...posted(1, owner, 'listen along').data, shared_track_id: 42 } };
    await given(...everyoneRegistered(), shared, posted(2, fan, 'nice')).then('chat_messages', [
      { id: 1, shared_track_id: 42 },
      { id: 2, shared_track_id: null },
    ], 'id');
  });

  it('shows an edit and when it was made', async () => {
    await given(...everyoneRegistered(), posted(1, fan, 'helo'), {
      type: 'ChatMessageEdited', stream_version: 2, recorded_at: at(9), data: { message_id: 1, room_id: 'default', author_id: fan, content: 'hello' },
    }).then('chat_messages', [{ id: 1, content: 'hello', edited_at: at(9), version: 2 }]);
  });

  it('a deleted message keeps its id and reads "message deleted by user"', async () => {
    await given(...everyoneRegistered(), posted(1, fan, 'oops'), posted(2, owner, 'what?', 1), {
      type: 'ChatMessageDeleted', stream_version: 2, recorded_at: at(9), data: { message_id: 1, room_id: 'default', author_id: fan, deleted_by: fan },
    }).then('chat_messages', [
      { id: 1, content: 'message deleted by user', deleted_at: at(9), deleted_by: fan },
      { id: 2, content: 'what?', reply_to_id: 1, deleted_at: null },
    ], 'id');
  });

  it('equals its rebuild: applying the same log again from empty gives the same rows', async () => {
    const events = [
      ...everyoneRegistered(), posted(1, fan, 'a'), posted(2, owner, 'b', 1),
      { type: 'ChatMessageEdited', stream_version: 2, recorded_at: at(5), data: { message_id: 2, room_id: 'default', author_id: owner, content: 'b2' } },
      { type: 'ChatMessageDeleted', stream_version: 2, recorded_at: at(6), data: { message_id: 1, room_id: 'default', author_id: fan, deleted_by: fan } },
    ];
    const expected = [
      { id: 1, content: 'message deleted by user', deleted_by: fan, version: 2 },
      { id: 2, content: 'b2', reply_to_id: 1, edited_at: at(5), version: 2 },
    ];
    // Each `given` empties the read model first and replays the whole log, as a rebuild does.
    await given(...events).then('chat_messages', expected, 'id');
    await given(...events).then('chat_messages', expected, 'id');
  });
});
