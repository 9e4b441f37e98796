import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { streamIds, type ContactDto } from '@stardeck/contracts';
import type { Db } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { InjectDatabase } from '../platform/tokens';
import { ContactCommands } from './contact-commands';
import { ContactRepository, type ContactMessageView } from './contact.repository';

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

  async page(limit: number, offset: number): Promise<{ contact_messages: ContactMessageView[]; total: number; has_more: boolean }> {
    const { items, total } = await this.messages.page(this.db, limit, offset);
    return { contact_messages: items, total, has_more: offset + items.length < total };
  }
}
