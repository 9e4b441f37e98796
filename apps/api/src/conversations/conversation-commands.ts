import { Injectable } from '@nestjs/common';
import { DM_MSG, type ConversationEvent } from '@stardeck/contracts';
import { conversationDecider, conversationsProjection, type ConversationCommand, type ConversationErrorCode, type ConversationState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on conversation streams, and how each refusal is answered (spec §8). */
@Injectable()
export class ConversationCommands extends CommandHandler<ConversationCommand, ConversationEvent, ConversationState, ConversationErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: conversationDecider,
      projection: conversationsProjection,
      // Two members writing at once wait for each other: message ids then follow the stream's order.
      serialised: true,
      errors: {
        dm_to_self: () => ApiError.forbidden(DM_MSG.cannotMessageSelf, DM_MSG.title),
        dm_content_invalid: (error) => ApiError.badRequest(DM_MSG.title, error.message, { content: error.message }),
        conversation_not_found: () => ApiError.notFound(DM_MSG.conversationNotFound, DM_MSG.title),
      },
    });
  }
}
