import { Injectable } from '@nestjs/common';
import type { AdminContactMessage, ContactType } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { consistentTotal } from '../common/paginate';

/** What admins see of a contact message: the claimed name and address, and the real account beside them. */
export type ContactMessageView = AdminContactMessage;

/** Reads of the `contact_messages` projection. No business rules. */
@Injectable()
export class ContactRepository {
  async page(executor: Db | Tx, limit: number, offset: number): Promise<{ items: ContactMessageView[]; total: number }> {
    const [rows, count] = await Promise.all([
      executor.selectFrom('contact_messages').leftJoin('users', 'users.id', 'contact_messages.user_id')
        .selectAll('contact_messages').select(['users.username as sender_username', 'users.email as sender_email'])
        .orderBy('contact_messages.created_at', 'desc').orderBy('contact_messages.id').limit(limit).offset(offset).execute(),
      executor.selectFrom('contact_messages').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: consistentTotal(count.n, { limit, offset }, rows.length),
      items: rows.map((row) => ({
        id: row.id, user_id: row.user_id, contact_type: row.contact_type as ContactType, email: row.email, username: row.username,
        sender: row.user_id && row.sender_username && row.sender_email ? { id: row.user_id, username: row.sender_username, email: row.sender_email } : null,
        message: row.message, created: new Date(row.created_at).toISOString(), read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
      })),
    };
  }
}
