import { Injectable } from '@nestjs/common';
import type { InviteView } from '@stardeck/contracts';
import type { Db, InvitesTable, Tx } from '@stardeck/infra';
import { sql, type Selectable } from 'kysely';

export type InviteRow = Selectable<InvitesTable>;

/** Reads of the `invites` projection. No business rules. */
@Injectable()
export class InvitesRepository {
  /** An invite that can still be redeemed: not deleted, not used. */
  findRedeemable(executor: Db | Tx, key: string): Promise<InviteRow | undefined> {
    return executor.selectFrom('invites').selectAll()
      .where('key', '=', key).where('deleted_at', 'is', null).where('used_at', 'is', null)
      .executeTakeFirst();
  }

  /** Who sent a key that can still be redeemed. */
  async inviterOf(executor: Db | Tx, key: string): Promise<string | undefined> {
    const row = await executor.selectFrom('invites').select('inviter_id')
      .where('key', '=', key).where('deleted_at', 'is', null).where('used_at', 'is', null)
      .executeTakeFirst();
    return row?.inviter_id;
  }

  /** The inviter's own invites (not those made for access requests): used plus pending count against the tier's limit. */
  async countOutstanding(executor: Db | Tx, inviterId: string): Promise<{ used: number; pending: number }> {
    const row = await executor
      .selectFrom('invites')
      .select([
        sql<number>`count(*) filter (where used_at is not null)::int`.as('used'),
        sql<number>`count(*) filter (where used_at is null)::int`.as('pending'),
      ])
      .where('inviter_id', '=', inviterId).where('deleted_at', 'is', null).where('access_request_id', 'is', null)
      .executeTakeFirstOrThrow();
    return { used: row.used, pending: row.pending };
  }

  async listViews(executor: Db | Tx, inviterId: string): Promise<InviteView[]> {
    const rows = await executor
      .selectFrom('invites')
      .leftJoin('users', 'users.id', 'invites.used_by_id')
      .leftJoin('profiles', 'profiles.user_id', 'invites.used_by_id')
      .select([
        'invites.id', 'invites.key', 'invites.created_at', 'invites.used_at', 'invites.used_by_id',
        'users.username as used_by_username', 'profiles.display_name as used_by_display_name',
      ])
      .where('invites.inviter_id', '=', inviterId).where('invites.deleted_at', 'is', null)
      .orderBy('invites.created_at', 'desc').orderBy('invites.id')
      .execute();
    return rows.map(toView);
  }

  async findView(executor: Db | Tx, id: string): Promise<InviteView | undefined> {
    const row = await executor
      .selectFrom('invites')
      .leftJoin('users', 'users.id', 'invites.used_by_id')
      .leftJoin('profiles', 'profiles.user_id', 'invites.used_by_id')
      .select([
        'invites.id', 'invites.key', 'invites.created_at', 'invites.used_at', 'invites.used_by_id',
        'users.username as used_by_username', 'profiles.display_name as used_by_display_name',
      ])
      .where('invites.id', '=', id)
      .executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  /** Serialises invite creation per inviter, so two parallel requests cannot both take the last slot. */
  async lockInviter(tx: Tx, inviterId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`invites-of-${inviterId}`}, 0))`.execute(tx);
  }
}

function toView(row: {
  id: string; key: string; created_at: Date; used_at: Date | null; used_by_id: string | null;
  used_by_username: string | null; used_by_display_name: string | null;
}): InviteView {
  return {
    id: row.id,
    key: row.key,
    created: new Date(row.created_at).toISOString(),
    used: row.used_at ? new Date(row.used_at).toISOString() : null,
    used_by_id: row.used_by_id,
    used_by_username: row.used_by_username,
    used_by_display_name: row.used_by_display_name,
  };
}
