import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { conversationsProjection } from './conversations.projection';

const given = projectionSpec(conversationsProjection, { alongside: [usersProjection] });
const { owner: alice, fan: bob } = SPEC_MEMBERS;
const id = 'c0000000-0000-4000-8000-000000000001';
const stream = `conversation-${id}`;
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute));
const started = { type: 'ConversationStarted', stream_id: stream, stream_version: 1, recorded_at: at(0), data: { conversation_id: id, participant_ids: [alice, bob], started_at: at(0).toISOString() } };
const sent = (version: number, message_id: number, sender_id: string, recipient_id: string, content = `m${message_id}`) => ({
  type: 'DirectMessageSent', stream_id: stream, stream_version: version, recorded_at: at(version),
  data: { conversation_id: id, message_id, sender_id, recipient_id, content, sent_at: at(version).toISOString() },
});
const read = (version: number, reader_id: string, through_message_id: number) => ({
  type: 'ConversationRead', stream_id: stream, stream_version: version, recorded_at: at(version), data: { conversation_id: id, reader_id, through_message_id },
});

describe('conversations projection', () => {
  it('keeps each message, and the conversation in both members\' lists with what waits for each', async () => {
    const events = [...everyoneRegistered(), started, sent(2, 1, alice, bob, 'hi <b>bob</b>'), sent(3, 2, alice, bob), sent(4, 3, bob, alice)];
    await given(...events).then('direct_messages', [
      { id: 1, conversation_id: id, sender_id: alice, content: 'hi <b>bob</b>', created_at: at(2) },
      { id: 2, sender_id: alice },
      { id: 3, sender_id: bob },
    ], 'id');
    await given(...events).then('conversation_members', [
      { user_id: alice, other_user_id: bob, unread_count: 1, last_read_message_id: 0, last_message_at: at(4) },
      { user_id: bob, other_user_id: alice, unread_count: 2, last_read_message_id: 0, last_message_at: at(4) },
    ], 'user_id');
    await given(...events).then('conversations', [{ id, last_message_id: 3, last_message_at: at(4), created_at: at(0), version: 4 }]);
  });

  it('reading clears what waited for the reader only', async () => {
    await given(...everyoneRegistered(), started, sent(2, 1, alice, bob), sent(3, 2, bob, alice), read(4, bob, 1)).then('conversation_members', [
      { user_id: alice, unread_count: 1, last_read_message_id: 0 },
      { user_id: bob, unread_count: 0, last_read_message_id: 1 },
    ], 'user_id');
  });

  it('keeps each member\'s total of waiting messages across conversations, read by key', async () => {
    const carolStream = 'conversation-c0000000-0000-4000-8000-000000000002';
    const other = 'c0000000-0000-4000-8000-000000000002';
    const { other: carol } = SPEC_MEMBERS;
    const withCarol = [
      { type: 'ConversationStarted', stream_id: carolStream, stream_version: 1, recorded_at: at(5), data: { conversation_id: other, participant_ids: [carol, bob], started_at: at(5).toISOString() } },
      { type: 'DirectMessageSent', stream_id: carolStream, stream_version: 2, recorded_at: at(6), data: { conversation_id: other, message_id: 9, sender_id: carol, recipient_id: bob, content: 'x', sent_at: at(6).toISOString() } },
    ];
    const events = [...everyoneRegistered(), started, sent(2, 1, alice, bob), sent(3, 2, alice, bob), ...withCarol];
    await given(...events).then('member_message_counts', [{ user_id: bob, unread_count: 3 }], 'user_id');
    // Reading one conversation takes its messages off the total, and only those.
    await given(...events, read(4, bob, 2)).then('member_message_counts', [{ user_id: bob, unread_count: 1 }], 'user_id');
    // A read of nothing new changes nothing; the sender's own messages never count for them.
    await given(...events, read(4, bob, 2), read(5, bob, 2), sent(6, 3, bob, alice)).then('member_message_counts', [
      { user_id: alice, unread_count: 1 },
      { user_id: bob, unread_count: 1 },
    ], 'user_id');
  });

  it('equals its rebuild: applying the same log again from empty gives the same rows', async () => {
    const events = [...everyoneRegistered(), started, sent(2, 1, alice, bob), read(3, bob, 1), sent(4, 2, alice, bob)];
    const expected = [{ user_id: alice, unread_count: 0 }, { user_id: bob, unread_count: 1, last_read_message_id: 1 }];
    await given(...events).then('conversation_members', expected, 'user_id');
    await given(...events).then('conversation_members', expected, 'user_id');
  });
});
