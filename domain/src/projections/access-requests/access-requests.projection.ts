import type { AccessRequestEvent } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

/** The waitlist into `access_requests`, inline: an admin invites from it right after a request. */
export const accessRequestsProjection = defineProjection<AccessRequestEvent['type']>({
  name: 'access_requests',
  kind: 'inline',
  tables: ['access_requests'],
  handlers: {
    async AccessRequested(event, tx) {
      const d = event.data;
      await tx.insertInto('access_requests').values({
        id: d.request_id, email: d.email, url: d.url, message: d.message, created_at: event.recorded_at, invite_id: null, declined_at: null,
      }).execute();
    },
    async AccessRequestInvited(event, tx) {
      await tx.updateTable('access_requests').set({ invite_id: event.data.invite_id, declined_at: null }).where('id', '=', event.data.request_id).execute();
    },
    async AccessRequestDeclined(event, tx) {
      await tx.updateTable('access_requests').set({ declined_at: event.recorded_at }).where('id', '=', event.data.request_id).execute();
    },
  },
});
