import { Injectable } from '@nestjs/common';
import type { AdminContactMessage, ContactType } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { paginate, type Page } from '../common/paginate';

/** What admins see of a contact message: the claimed name and address, and the real account beside them. */
export type ContactMessageView = AdminContactMessage;

/** Reads of the `contact_messages` projection. No business rules. */
@Injectable()
export class ContactRepository {
  async page(executor: Db | Tx, limit: number, offset: number): Promise<Page<ContactMessageView>> {
    const query = executor.selectFrom('contact_messages').leftJoin('users', 'users.id', 'contact_messages.user_id')
      .selectAll('contact_messages').select(['users.username as sender_username', 'users.email as sender_email']);
    const page = await paginate(query, { limit, offset }, (q) => q.orderBy('contact_messages.created_at', 'desc').orderBy('contact_messages.id'));
    return {
      ...page,
      items: page.items.map((row) => ({
        id: row.id, user_id: row.user_id, contact_type: row.contact_type as ContactType, email: row.email, username: row.username,
        sender: row.user_id && row.sender_username && row.sender_email ? { id: row.user_id, username: row.sender_username, email: row.sender_email } : null,
        message: row.message, created: new Date(row.created_at).toISOString(), read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
      })),
    };
  }
}
