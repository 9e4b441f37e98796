import type { InviteEvent } from '@stardeck/contracts';
import type { StoredEvent, Tx } from '@stardeck/infra';

/** Inline projection of invite streams into `invites` (limits and redemption are checked against it). */
export async function projectInvites(tx: Tx, stored: StoredEvent[]): Promise<void> {
  for (const row of stored) {
    const event = { type: row.type, data: row.data } as InviteEvent;
    const version = row.stream_version;
    switch (event.type) {
      case 'InviteCreated':
        await tx.insertInto('invites').values({
          id: event.data.invite_id, key: event.data.key, inviter_id: event.data.inviter_id,
          access_request_id: event.data.access_request_id, created_at: row.recorded_at,
          used_at: null, used_by_id: null, deleted_at: null, version,
        }).execute();
        break;
      case 'InviteRedeemed':
        await tx.updateTable('invites').set({ used_at: row.recorded_at, used_by_id: event.data.user_id, version }).where('id', '=', event.data.invite_id).execute();
        break;
      case 'InviteDeleted':
        await tx.updateTable('invites').set({ deleted_at: row.recorded_at, version }).where('id', '=', event.data.invite_id).execute();
        break;
      default: {
        const unknown: never = event;
        throw new Error(`invites projection cannot apply ${JSON.stringify(unknown)}`);
      }
    }
  }
}
