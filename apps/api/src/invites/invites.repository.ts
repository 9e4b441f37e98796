import { Inject, Injectable } from '@nestjs/common';
import type { InviteView } from '@stardeck/contracts';
import type { Db, InvitesTable, Platform, Tx } from '@stardeck/infra';
import { sql, type Selectable } from 'kysely';
import { PLATFORM } from '../platform/platform.module';

export type InviteRow = Selectable<InvitesTable>;

/** Reads of the `invites` projection. No business rules. */
@Injectable()
export class InvitesRepository {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  /** An invite that can still be redeemed: not deleted, not used. */
  findRedeemable(key: string): Promise<InviteRow | undefined> {
    return this.db.selectFrom('invites').selectAll()
      .where('key', '=', key).where('deleted_at', 'is', null).where('used_at', 'is', null)
      .executeTakeFirst();
  }

  async inviterOf(key: string) {
    return this.db
      .selectFrom('invites')
      .innerJoin('users', 'users.id', 'invites.inviter_id')
      .select(['users.id', 'users.username', 'users.display_name', 'users.slug'])
      .where('invites.key', '=', key).where('invites.deleted_at', 'is', null).where('invites.used_at', 'is', null)
      .executeTakeFirst();
  }

  /** The inviter's own invites (not those made for access requests): used plus pending count against the tier's limit. */
  async countOutstanding(inviterId: string, executor: Db | Tx = this.db): Promise<{ used: number; pending: number }> {
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

  async listViews(inviterId: string): Promise<InviteView[]> {
    const rows = await this.db
      .selectFrom('invites')
      .leftJoin('users', 'users.id', 'invites.used_by_id')
      .select([
        'invites.id', 'invites.key', 'invites.created_at', 'invites.used_at', 'invites.used_by_id',
        'users.username as used_by_username', 'users.display_name as used_by_display_name',
      ])
      .where('invites.inviter_id', '=', inviterId).where('invites.deleted_at', 'is', null)
      .orderBy('invites.created_at', 'desc').orderBy('invites.id')
      .execute();
    return rows.map(toView);
  }

  async findView(id: string, executor: Db | Tx = this.db): Promise<InviteView | undefined> {
    const row = await executor
      .selectFrom('invites')
      .leftJoin('users', 'users.id', 'invites.used_by_id')
      .select([
        'invites.id', 'invites.key', 'invites.created_at', 'invites.used_at', 'invites.used_by_id',
        'users.username as used_by_username', 'users.display_name as used_by_display_name',
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
