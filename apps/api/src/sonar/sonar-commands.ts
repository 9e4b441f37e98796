import { Injectable } from '@nestjs/common';
import { MSG, SONAR_MSG, type ChatEvent } from '@stardeck/contracts';
import { chatMessageDecider, sonarHistoryProjection, type ChatMessageCommand, type ChatMessageErrorCode, type ChatMessageState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Spec §8: a refused edit or delete names what failed. */
const titleOf = (command: ChatMessageCommand) =>
  (command.type === 'DeleteChatMessage' ? SONAR_MSG.deleteFailed : command.type === 'EditChatMessage' ? SONAR_MSG.editFailed : 'Chat');

/** Commands on chat message streams, and how each refusal is answered. */
@Injectable()
export class SonarCommands extends CommandHandler<ChatMessageCommand, ChatEvent, ChatMessageState, ChatMessageErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: chatMessageDecider,
      projection: sonarHistoryProjection,
      serialised: true,
      errors: {
        chat_message_exists: () => ApiError.conflict(MSG.conflict, 'Chat'),
        chat_message_not_found: (_error, command) => ApiError.notFound(SONAR_MSG.messageNotFound, titleOf(command)),
        chat_content_invalid: (error, command) => ApiError.badRequest(titleOf(command), error.message, { content: error.message }),
        chat_edit_not_allowed: () => ApiError.forbidden(SONAR_MSG.editNotAllowed, SONAR_MSG.editFailed),
        chat_edit_window_closed: () => ApiError.forbidden(SONAR_MSG.editWindowClosed, SONAR_MSG.editFailed),
        chat_delete_not_allowed: () => ApiError.forbidden(SONAR_MSG.deleteNotAllowed, SONAR_MSG.deleteFailed),
      },
    });
  }
}
