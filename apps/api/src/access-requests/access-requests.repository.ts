import { Injectable } from '@nestjs/common';
import type { AccessRequestAdminView } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { paginate, type Page } from '../common/paginate';

export type AccessRequestView = AccessRequestAdminView;

/** Reads of the `access_requests` projection. No business rules. */
@Injectable()
export class AccessRequestsRepository {
  async page(executor: Db | Tx, limit: number, offset: number): Promise<Page<AccessRequestView>> {
    const page = await paginate(executor.selectFrom('access_requests').selectAll(), { limit, offset }, (q) => q.orderBy('created_at', 'desc').orderBy('id'));
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id, email: row.email, url: row.url, message: row.message,
        created: new Date(row.created_at).toISOString(),
        status: row.invite_id ? 'invited' : row.declined_at ? 'declined' : 'pending',
        invite_id: row.invite_id,
        declined_at: row.declined_at ? new Date(row.declined_at).toISOString() : null,
      })),
    };
  }
}
