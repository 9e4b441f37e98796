import type { ConversationEvent } from '@stardeck/contracts';
import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { defineProjection } from '../../kit/projection';

/** Moves a member's count of waiting messages, across their conversations, by `delta`. */
async function addToMemberCount(tx: Tx, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx.insertInto('member_message_counts').values({ user_id: userId, unread_count: Math.max(delta, 0) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ unread_count: sql`greatest(member_message_counts.unread_count + ${delta}, 0)` }))
    .execute();
}

const unreadOf = async (tx: Tx, conversationId: string, userId: string) => Number((await tx.selectFrom('conversation_members').select('unread_count')
  .where('conversation_id', '=', conversationId).where('user_id', '=', userId).executeTakeFirst())?.unread_count ?? 0);

/**
 * Direct messages as their two members read them: `conversations`, a row per member of each in
 * `conversation_members` (when it last moved and how many messages wait for that member) and
 * every message in `direct_messages`; and each member's total of waiting messages in
 * `member_message_counts`, read by key for the header's badge. Inline, so a sent message is in the
 * sender's next read and a conversation read shows nothing unread at once.
 */
export const conversationsProjection = defineProjection<ConversationEvent['type']>({
  name: 'conversations',
  kind: 'inline',
  tables: ['member_message_counts', 'direct_messages', 'conversation_members', 'conversations'],
  handlers: {
    async ConversationStarted(event, tx) {
      const d = event.data;
      const [a, b] = d.participant_ids;
      await tx.insertInto('conversations').values({
        id: d.conversation_id, created_at: event.recorded_at, last_message_id: null, last_message_at: event.recorded_at, version: event.stream_version,
      }).execute();
      await tx.insertInto('conversation_members').values([
        { conversation_id: d.conversation_id, user_id: a, other_user_id: b, last_message_at: event.recorded_at },
        { conversation_id: d.conversation_id, user_id: b, other_user_id: a, last_message_at: event.recorded_at },
      ]).execute();
    },
    async DirectMessageSent(event, tx) {
      const d = event.data;
      await tx.insertInto('direct_messages').values({
        id: d.message_id, conversation_id: d.conversation_id, sender_id: d.sender_id, content: d.content, created_at: event.recorded_at,
      }).execute();
      await tx.updateTable('conversations').set({ last_message_id: d.message_id, last_message_at: event.recorded_at, version: event.stream_version })
        .where('id', '=', d.conversation_id).execute();
      await tx.updateTable('conversation_members')
        .set({
          last_message_at: event.recorded_at,
          unread_count: sql<number>`unread_count + (case when user_id = ${d.recipient_id} then 1 else 0 end)`,
        })
        .where('conversation_id', '=', d.conversation_id).execute();
      await addToMemberCount(tx, d.recipient_id, 1);
    },
    async ConversationRead(event, tx) {
      const d = event.data;
      const before = await unreadOf(tx, d.conversation_id, d.reader_id);
      await tx.updateTable('conversation_members')
        .set((eb) => ({
          last_read_message_id: d.through_message_id,
          unread_count: eb.selectFrom('direct_messages').select(sql<number>`count(*)::int`.as('n'))
            .where('direct_messages.conversation_id', '=', d.conversation_id).where('direct_messages.sender_id', '!=', d.reader_id)
            .where('direct_messages.id', '>', d.through_message_id),
        }))
        .where('conversation_id', '=', d.conversation_id).where('user_id', '=', d.reader_id).execute();
      await addToMemberCount(tx, d.reader_id, (await unreadOf(tx, d.conversation_id, d.reader_id)) - before);
      await tx.updateTable('conversations').set({ version: event.stream_version }).where('id', '=', d.conversation_id).execute();
    },
  },
});
