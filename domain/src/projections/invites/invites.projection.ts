import type { InviteEvent } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

/** Invites into `invites`, inline: limits and redemption are checked against it in the writing transaction. */
export const invitesProjection = defineProjection<InviteEvent['type']>({
  name: 'invites',
  kind: 'inline',
  tables: ['invites'],
  handlers: {
    async InviteCreated(event, tx) {
      const d = event.data;
      await tx.insertInto('invites').values({
        id: d.invite_id, key: d.key, inviter_id: d.inviter_id, access_request_id: d.access_request_id,
        created_at: event.recorded_at, used_at: null, used_by_id: null, deleted_at: null, version: event.stream_version,
      }).execute();
    },
    async InviteRedeemed(event, tx) {
      await tx.updateTable('invites').set({ used_at: event.recorded_at, used_by_id: event.data.user_id, version: event.stream_version })
        .where('id', '=', event.data.invite_id).execute();
    },
    async InviteDeleted(event, tx) {
      await tx.updateTable('invites').set({ deleted_at: event.recorded_at, version: event.stream_version })
        .where('id', '=', event.data.invite_id).execute();
    },
  },
});
