import type { AccessRequestEvent } from '@stardeck/contracts';
import type { StoredEvent, Tx } from '@stardeck/infra';

/** Inline projection of access-request streams into `access_requests` (the admin's waitlist). */
export async function projectAccessRequests(tx: Tx, stored: StoredEvent[]): Promise<void> {
  for (const row of stored) {
    const event = { type: row.type, data: row.data } as AccessRequestEvent;
    switch (event.type) {
      case 'AccessRequested':
        await tx.insertInto('access_requests').values({
          id: event.data.request_id, email: event.data.email, url: event.data.url, message: event.data.message,
          created_at: row.recorded_at, invite_id: null,
        }).execute();
        break;
      case 'AccessRequestInvited':
        await tx.updateTable('access_requests').set({ invite_id: event.data.invite_id }).where('id', '=', event.data.request_id).execute();
        break;
      default: {
        const unknown: never = event;
        throw new Error(`access requests projection cannot apply ${JSON.stringify(unknown)}`);
      }
    }
  }
}
