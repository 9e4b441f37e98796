import type { AccountEvent } from '@stardeck/contracts';
import { defineProjection } from '../../kit/projection';

/** Requests for a mailed link change no account row; the mail outbox follows them. */
type UserRowEvent = Exclude<AccountEvent['type'], 'VerificationRequested' | 'PasswordResetRequested' | 'EmailChangeRequested' | 'RegistrationAttempted'>;

/**
 * Accounts into `users`, inline: the unique email and username indexes must hold at write time,
 * and sign-in reads the password hash from here.
 */
export const usersProjection = defineProjection<UserRowEvent>({
  name: 'users',
  kind: 'inline',
  tables: ['users'],
  handlers: {
    async AccountRegistered(event, tx) {
      const d = event.data;
      await tx.insertInto('users').values({
        id: d.user_id, email: d.email, username: d.username, slug: d.slug, password_hash: d.password_hash, role: d.role,
        tier: d.tier, verified_at: null, created_at: event.recorded_at, version: event.stream_version,
      }).execute();
    },
    async AccountVerified(event, tx) {
      await tx.updateTable('users').set({ verified_at: event.recorded_at, version: event.stream_version })
        .where('id', '=', event.data.user_id).execute();
    },
    async PasswordChanged(event, tx) {
      await tx.updateTable('users').set({ password_hash: event.data.password_hash, version: event.stream_version })
        .where('id', '=', event.data.user_id).execute();
    },
    async EmailChanged(event, tx) {
      await tx.updateTable('users').set({ email: event.data.email, version: event.stream_version })
        .where('id', '=', event.data.user_id).execute();
    },
    async AccountRoleChanged(event, tx) {
      await tx.updateTable('users').set({ role: event.data.role, tier: event.data.tier, version: event.stream_version })
        .where('id', '=', event.data.user_id).execute();
    },
    async MemberTierChanged(event, tx) {
      await tx.updateTable('users').set({ tier: event.data.tier, version: event.stream_version })
        .where('id', '=', event.data.user_id).execute();
    },
  },
});
