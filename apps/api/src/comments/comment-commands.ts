import { Injectable } from '@nestjs/common';
import { MSG, SOCIAL_MSG, type CommentEvent } from '@stardeck/contracts';
import { commentDecider, commentsProjection, type CommentCommand, type CommentErrorCode, type CommentState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** The title of a refusal names what the member tried (spec §8). */
const titleOf = (command: CommentCommand) => (command.type === 'DeleteComment' ? SOCIAL_MSG.commentDeleteFailed : 'Comment');

/** Commands on comment streams, and how each refusal is answered. */
@Injectable()
export class CommentCommands extends CommandHandler<CommentCommand, CommentEvent, CommentState, CommentErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: commentDecider,
      projection: commentsProjection,
      serialised: true,
      errors: {
        comment_exists: () => ApiError.conflict(MSG.conflict, 'Comment'),
        comment_not_found: (_error, command) => ApiError.notFound(SOCIAL_MSG.commentNotFound, titleOf(command)),
        comment_text_required: () => ApiError.badRequest('Comment', SOCIAL_MSG.commentRequired, { text: SOCIAL_MSG.commentRequired }),
        comment_timestamp_invalid: (error) => ApiError.badRequest('Comment', error.message, { track_timestamp: error.message }),
        comment_edit_not_allowed: () => ApiError.forbidden(SOCIAL_MSG.commentEditNotAllowed, 'Comment'),
        comment_delete_not_allowed: () => ApiError.forbidden(SOCIAL_MSG.commentDeleteNotAllowed, SOCIAL_MSG.commentDeleteFailed),
      },
    });
  }
}
