import { Injectable } from '@nestjs/common';
import type { ContactType } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { consistentTotal } from '../common/paginate';

export interface ContactMessageView {
  id: string;
  user_id: string;
  contact_type: ContactType;
  email: string;
  username: string;
  message: string;
  created: string;
  /** When an admin first read it; null while unread. */
  read_at: string | null;
}

/** Reads of the `contact_messages` projection. No business rules. */
@Injectable()
export class ContactRepository {
  async page(executor: Db | Tx, limit: number, offset: number): Promise<{ items: ContactMessageView[]; total: number }> {
    const [rows, count] = await Promise.all([
      executor.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
      executor.selectFrom('contact_messages').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: consistentTotal(count.n, { limit, offset }, rows.length),
      items: rows.map((row) => ({
        id: row.id, user_id: row.user_id, contact_type: row.contact_type as ContactType, email: row.email, username: row.username,
        message: row.message, created: new Date(row.created_at).toISOString(), read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
      })),
    };
  }
}
