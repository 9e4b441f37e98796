import { SONAR_MSG, type ChatEvent } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

/**
 * Sonar's room history: every chat message and enter/leave notice in `chat_messages`, read newest
 * first per room. Inline, so a message is in the next history read. A deleted message keeps its
 * row and id, and its content reads 'message deleted by user'.
 */
export const sonarHistoryProjection = defineProjection<ChatEvent['type']>({
  name: 'sonar-history',
  kind: 'inline',
  tables: ['chat_messages'],
  handlers: {
    async ChatMessagePosted(event, tx) {
      const d = event.data;
      await tx.insertInto('chat_messages').values({
        id: d.message_id, room_id: d.room_id, author_id: d.author_id, content: d.content, reply_to_id: d.reply_to_id,
        shared_track_id: d.shared_track_id ?? null, system_kind: null,
        created_at: event.recorded_at, edited_at: null, deleted_at: null, deleted_by: null, version: event.stream_version,
      }).execute();
    },
    async ChatPresenceAnnounced(event, tx) {
      const d = event.data;
      await tx.insertInto('chat_messages').values({
        id: d.message_id, room_id: d.room_id, author_id: d.member_id, content: '', reply_to_id: null, system_kind: d.kind,
        created_at: event.recorded_at, edited_at: null, deleted_at: null, deleted_by: null, version: event.stream_version,
      }).execute();
    },
    async ChatMessageEdited(event, tx) {
      await tx.updateTable('chat_messages').set({ content: event.data.content, edited_at: event.recorded_at, version: event.stream_version })
        .where('id', '=', event.data.message_id).execute();
    },
    async ChatMessageDeleted(event, tx) {
      await tx.updateTable('chat_messages').set({
        content: SONAR_MSG.deletedContent, deleted_at: event.recorded_at, deleted_by: event.data.deleted_by, version: event.stream_version,
      }).where('id', '=', event.data.message_id).execute();
    },
  },
});
