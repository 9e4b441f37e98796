import { Injectable } from '@nestjs/common';
import type { AccessRequestAdminView } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { consistentTotal } from '../common/paginate';

export type AccessRequestView = AccessRequestAdminView;

/** Reads of the `access_requests` projection. No business rules. */
@Injectable()
export class AccessRequestsRepository {
  async page(executor: Db | Tx, limit: number, offset: number): Promise<{ items: AccessRequestView[]; total: number }> {
    const [rows, count] = await Promise.all([
      executor.selectFrom('access_requests').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
      executor.selectFrom('access_requests').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: consistentTotal(count.n, { limit, offset }, rows.length),
      items: rows.map((row) => ({
        id: row.id, email: row.email, url: row.url, message: row.message,
        created: new Date(row.created_at).toISOString(),
        status: row.invite_id ? 'invited' : row.declined_at ? 'declined' : 'pending',
        invite_id: row.invite_id,
        declined_at: row.declined_at ? new Date(row.declined_at).toISOString() : null,
      })),
    };
  }
}
