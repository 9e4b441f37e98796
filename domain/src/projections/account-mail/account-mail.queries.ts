import type { Db, Tx } from '@stardeck/infra';
import type { OneTimePurpose } from '../../accounts/one-time-links';

export interface LinkToken {
  token_hash: string;
  user_id: string;
  purpose: OneTimePurpose;
  expires_at: Date;
  /** The mail event the link is made for. */
  mail_event_id: string;
}

/** The reads and writes of the account mail outbox: read models it reads, tokens and deliveries it writes. */
export const accountMailQueries = {
  async wasDelivered(executor: Db | Tx, outbox: string, eventId: string): Promise<boolean> {
    const row = await executor.selectFrom('outbox_deliveries').select('event_id')
      .where('outbox', '=', outbox).where('event_id', '=', eventId).executeTakeFirst();
    return row !== undefined;
  },

  recipient(executor: Db | Tx, userId: string): Promise<{ email: string; verified_at: Date | null } | undefined> {
    return executor.selectFrom('users').select(['email', 'verified_at']).where('id', '=', userId).executeTakeFirst();
  },

  /** Whether `email` belongs to an account other than `userId`'s. */
  async emailTakenByOther(executor: Db | Tx, email: string, userId: string): Promise<boolean> {
    const row = await executor.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).where('id', '!=', userId).executeTakeFirst();
    return row !== undefined;
  },

  /** Where mail for the team goes: every admin's address. */
  adminRecipients(executor: Db | Tx): Promise<{ email: string }[]> {
    return executor.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('email').execute();
  },

  /** The requester's address and the invite's key, while the invite can still be redeemed. */
  liveInvite(executor: Db | Tx, requestId: string, inviteId: string): Promise<{ email: string; key: string } | undefined> {
    return executor.selectFrom('invites')
      .innerJoin('access_requests', 'access_requests.invite_id', 'invites.id')
      .select(['access_requests.email', 'invites.key'])
      .where('access_requests.id', '=', requestId)
      .where('invites.id', '=', inviteId)
      .where('invites.used_at', 'is', null)
      .where('invites.deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /**
   * Stores a link's token before its mail goes out, so the link works the moment the mail can be
   * read. Tokens of earlier attempts at the same mail go: their sends failed, or (after a crash
   * between send and record) this mail replaces theirs.
   */
  async storeToken(executor: Db | Tx, token: LinkToken): Promise<void> {
    await executor.deleteFrom('one_time_tokens').where('mail_event_id', '=', token.mail_event_id).execute();
    await executor.insertInto('one_time_tokens').values({ ...token, used_at: null }).execute();
  },

  /** Once the mail is out, earlier links of the same purpose stop working: only the newest mail counts. */
  async supersedeOlderTokens(tx: Tx, token: LinkToken, now: Date): Promise<void> {
    await tx.updateTable('one_time_tokens').set({ used_at: now })
      .where('user_id', '=', token.user_id).where('purpose', '=', token.purpose).where('used_at', 'is', null)
      .where('token_hash', '!=', token.token_hash)
      .execute();
  },

  async recordDelivery(tx: Tx, outbox: string, eventId: string): Promise<void> {
    await tx.insertInto('outbox_deliveries').values({ outbox, event_id: eventId })
      .onConflict((oc) => oc.columns(['outbox', 'event_id']).doNothing()).execute();
  },
};
