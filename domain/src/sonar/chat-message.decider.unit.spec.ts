import type { ChatEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { chatMessageDecider, ChatMessageErrors } from './chat-message.decider';

const given = deciderSpec(chatMessageDecider);
const author = 'author';
const postedAt = new Date('2026-03-01T12:00:00Z');
const minutesLater = (m: number) => new Date(postedAt.getTime() + m * 60_000);
const posted: ChatEvent = {
  type: 'ChatMessagePosted',
  data: { message_id: 7, room_id: 'default', author_id: author, content: 'hello', reply_to_id: null, posted_at: postedAt.toISOString() },
};

describe('chat message decider', () => {
  it('posts trimmed content', () => {
    given([]).when({ type: 'PostChatMessage', message_id: 7, room_id: 'default', author_id: author, content: '  hello ', reply_to_id: null, shared_track_id: null, now: postedAt })
      .then([posted]);
  });

  it('carries a shared track on the posted event, and leaves the field out when none is shared', () => {
    given([]).when({ type: 'PostChatMessage', message_id: 7, room_id: 'default', author_id: author, content: 'listen', reply_to_id: null, shared_track_id: 42, now: postedAt })
      .then([{ ...posted, data: { ...posted.data, content: 'listen', shared_track_id: 42 } }] as ChatEvent[]);
  });

  it('refuses blank content and content over 4096 characters', () => {
    const post = (content: string) => ({ type: 'PostChatMessage' as const, message_id: 7, room_id: 'default', author_id: author, content, reply_to_id: null, shared_track_id: null, now: postedAt });
    given([]).when(post('   ')).thenFails(ChatMessageErrors.contentInvalid);
    given([]).when(post('x'.repeat(4097))).thenFails(ChatMessageErrors.contentInvalid);
    given([]).when(post(` ${'x'.repeat(4096)} `)).then([{ ...posted, data: { ...posted.data, content: 'x'.repeat(4096) } }] as ChatEvent[]);
  });

  it('lets the author edit within 30 minutes, and nobody after', () => {
    given([posted]).when({ type: 'EditChatMessage', actor_id: author, content: 'hello!', now: minutesLater(30) })
      .then([{ type: 'ChatMessageEdited', data: { message_id: 7, room_id: 'default', author_id: author, content: 'hello!' } }]);
    given([posted]).when({ type: 'EditChatMessage', actor_id: author, content: 'hello!', now: minutesLater(31) }).thenFails(ChatMessageErrors.editWindowClosed);
    given([posted]).when({ type: 'EditChatMessage', actor_id: 'someone', content: 'hello!', now: minutesLater(1) }).thenFails(ChatMessageErrors.editNotAllowed);
  });

  it('lets the author or an admin delete, nobody else, and only once', () => {
    const deleted: ChatEvent = { type: 'ChatMessageDeleted', data: { message_id: 7, room_id: 'default', author_id: author, deleted_by: author } };
    given([posted]).when({ type: 'DeleteChatMessage', actor_id: author, actor_is_admin: false }).then([deleted]);
    given([posted]).when({ type: 'DeleteChatMessage', actor_id: 'admin', actor_is_admin: true })
      .then([{ ...deleted, data: { ...deleted.data, deleted_by: 'admin' } }] as ChatEvent[]);
    given([posted]).when({ type: 'DeleteChatMessage', actor_id: 'someone', actor_is_admin: false }).thenFails(ChatMessageErrors.deleteNotAllowed);
    given([posted, deleted]).when({ type: 'DeleteChatMessage', actor_id: author, actor_is_admin: false }).thenFails(ChatMessageErrors.notFound);
    given([posted, deleted]).when({ type: 'EditChatMessage', actor_id: author, content: 'back', now: minutesLater(1) }).thenFails(ChatMessageErrors.notFound);
  });

  it('enter and leave notices cannot be edited or deleted', () => {
    const notice: ChatEvent = { type: 'ChatPresenceAnnounced', data: { message_id: 7, room_id: 'default', member_id: author, kind: 'entered' } };
    given([notice]).when({ type: 'EditChatMessage', actor_id: author, content: 'x', now: postedAt }).thenFails(ChatMessageErrors.editNotAllowed);
    given([notice]).when({ type: 'DeleteChatMessage', actor_id: author, actor_is_admin: true }).thenFails(ChatMessageErrors.deleteNotAllowed);
  });
});
