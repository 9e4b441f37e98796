import type { AccountEvent } from '@stardeck/contracts';
import type { StoredEvent, Tx } from '@stardeck/infra';

/**
 * Inline projection of account streams into `users`, written in the append's transaction so the
 * unique email/username indexes hold at write time.
 */
export async function projectAccounts(tx: Tx, stored: StoredEvent[]): Promise<void> {
  for (const row of stored) {
    const event = { type: row.type, data: row.data } as AccountEvent;
    const version = row.stream_version;
    switch (event.type) {
      case 'AccountRegistered':
        await tx.insertInto('users').values({
          id: event.data.user_id, email: event.data.email, username: event.data.username, slug: event.data.slug,
          password_hash: event.data.password_hash, role: event.data.role, tier: event.data.tier,
          display_name: null, verified_at: null, created_at: row.recorded_at, version,
        }).execute();
        break;
      case 'AccountVerified':
        await tx.updateTable('users').set({ verified_at: row.recorded_at, version }).where('id', '=', event.data.user_id).execute();
        break;
      case 'PasswordChanged':
        await tx.updateTable('users').set({ password_hash: event.data.password_hash, version }).where('id', '=', event.data.user_id).execute();
        break;
      case 'AccountRoleChanged':
        await tx.updateTable('users').set({ role: event.data.role, tier: event.data.tier, version }).where('id', '=', event.data.user_id).execute();
        break;
      default: {
        const unknown: never = event;
        throw new Error(`accounts projection cannot apply ${JSON.stringify(unknown)}`);
      }
    }
  }
}
