import { Injectable } from '@nestjs/common';
import { MSG, type ContactEvent } from '@stardeck/contracts';
import { contactDecider, contactMessagesProjection, type ContactCommand, type ContactErrorCode, type ContactState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on contact streams, and how each refusal is answered. */
@Injectable()
export class ContactCommands extends CommandHandler<ContactCommand, ContactEvent, ContactState, ContactErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: contactDecider,
      projection: contactMessagesProjection,
      errors: {
        contact_exists: () => ApiError.conflict(MSG.conflict, 'Contact'),
        contact_not_found: () => ApiError.notFound(MSG.notFound, 'Contact'),
      },
    });
  }
}
