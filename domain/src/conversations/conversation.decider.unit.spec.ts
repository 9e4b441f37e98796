import type { ConversationEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { ConversationErrors, conversationDecider, type ConversationCommand } from './conversation.decider';

const given = deciderSpec(conversationDecider);
const alice = '00000000-0000-4000-8000-0000000000a1';
const bob = '00000000-0000-4000-8000-0000000000b2';
const carol = '00000000-0000-4000-8000-0000000000c3';
const id = 'c0000000-0000-4000-8000-000000000001';
const now = new Date('2026-03-01T12:00:00Z');
const send = (message_id: number, sender_id: string, recipient_id: string, content = 'hello'): ConversationCommand => ({
  type: 'SendDirectMessage', conversation_id: id, message_id, sender_id, recipient_id, content, now,
});
const started: ConversationEvent = { type: 'ConversationStarted', data: { conversation_id: id, participant_ids: [alice, bob], started_at: now.toISOString() } };
const sent = (message_id: number, sender_id: string, recipient_id: string, content = 'hello'): ConversationEvent => ({
  type: 'DirectMessageSent', data: { conversation_id: id, message_id, sender_id, recipient_id, content, sent_at: now.toISOString() },
});
const read = (reader_id: string, through_message_id: number): ConversationEvent => ({ type: 'ConversationRead', data: { conversation_id: id, reader_id, through_message_id } });

describe('conversation decider', () => {
  it('starts the conversation with the first message, the pair in one order whoever writes first', () => {
    given([]).when(send(1, bob, alice, '  hi there  ')).then([started, sent(1, bob, alice, 'hi there')]);
    given([]).when(send(1, alice, bob)).then([started, sent(1, alice, bob)]);
  });

  it('adds later messages to the open conversation, from either member', () => {
    given([started, sent(1, alice, bob)]).when(send(2, bob, alice, 'back')).then([sent(2, bob, alice, 'back')]);
  });

  it('refuses a message to oneself', () => {
    given([]).when(send(1, alice, alice)).thenFails(ConversationErrors.toSelf);
  });

  it('refuses blank content and more than 4096 characters after trim', () => {
    given([]).when(send(1, alice, bob, '  \n ')).thenFails(ConversationErrors.contentInvalid);
    given([]).when(send(1, alice, bob, 'x'.repeat(4097))).thenFails(ConversationErrors.contentInvalid);
    given([]).when(send(1, alice, bob, ` ${'x'.repeat(4096)} `)).then([started, sent(1, alice, bob, 'x'.repeat(4096))]);
  });

  it('takes nothing from a member outside the pair', () => {
    given([started]).when(send(3, carol, bob)).thenFails(ConversationErrors.notFound);
    given([started, sent(1, alice, bob)]).when({ type: 'MarkConversationRead', reader_id: carol }).thenFails(ConversationErrors.notFound);
  });

  it('marks read through the newest message sent to the reader', () => {
    given([started, sent(1, alice, bob), sent(2, bob, alice), sent(3, alice, bob)]).when({ type: 'MarkConversationRead', reader_id: bob })
      .then([read(bob, 3)]);
  });

  it('records nothing when there is nothing new to read, own messages included', () => {
    given([started, sent(1, alice, bob), read(bob, 1)]).when({ type: 'MarkConversationRead', reader_id: bob }).thenNothing();
    given([started, sent(1, alice, bob)]).when({ type: 'MarkConversationRead', reader_id: alice }).thenNothing();
  });

  it('a conversation that does not exist cannot be read', () => {
    given([]).when({ type: 'MarkConversationRead', reader_id: alice }).thenFails(ConversationErrors.notFound);
  });
});
