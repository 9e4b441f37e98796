import type { ContactEvent } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

/** Contact messages into `contact_messages`, inline: admins list them as soon as they are sent. */
export const contactMessagesProjection = defineProjection<ContactEvent['type']>({
  name: 'contact_messages',
  kind: 'inline',
  tables: ['contact_messages'],
  handlers: {
    async ContactMessageSent(event, tx) {
      const d = event.data;
      await tx.insertInto('contact_messages').values({
        id: d.contact_id, user_id: d.user_id, contact_type: d.contact_type, email: d.email, username: d.username, message: d.message,
        created_at: event.recorded_at, read_at: null,
      }).execute();
    },
    async ContactMessageRead(event, tx) {
      await tx.updateTable('contact_messages').set({ read_at: event.recorded_at }).where('id', '=', event.data.contact_id).execute();
    },
  },
});
