import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MSG, streamIds, type ContactDto } from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { InjectDatabase } from '../platform/tokens';
import { ContactCommands } from './contact-commands';
import { ContactRepository, type ContactMessageView } from './contact.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Members write to the team; the mail outbox delivers each message to the admins, who also list them. */
@Injectable()
export class ContactService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly commands: ContactCommands,
    private readonly messages: ContactRepository,
  ) {}

  async send(member: AuthUser, dto: ContactDto): Promise<void> {
    const contactId = randomUUID();
    await this.commands.execute(streamIds.contact(contactId), {
      type: 'SendContactMessage', contact_id: contactId, user_id: member.id, contact_type: dto.contact_type,
      email: dto.email, username: dto.username, message: dto.message,
    });
  }

  /** An admin read the message: recorded once, with the admin as the event's actor. */
  async markRead(admin: AuthUser, contactId: string): Promise<void> {
    if (!UUID.test(contactId)) throw ApiError.notFound(MSG.notFound, 'Contact');
    await this.commands.execute(streamIds.contact(contactId), { type: 'MarkContactMessageRead', admin_id: admin.id });
  }

  async page(limit: number, offset: number): Promise<{ contact_messages: ContactMessageView[]; total: number; has_more: boolean }> {
    const { items, total, has_more } = await this.messages.page(this.db, limit, offset);
    return { contact_messages: items, total, has_more };
  }
}
