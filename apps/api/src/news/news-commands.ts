import { Injectable } from '@nestjs/common';
import { MSG, NEWS_MSG, type NewsEvent } from '@stardeck/contracts';
import { newsPostDecider, newsProjection, type NewsPostCommand, type NewsPostErrorCode, type NewsPostState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on news post streams, and how each refusal is answered. */
@Injectable()
export class NewsCommands extends CommandHandler<NewsPostCommand, NewsEvent, NewsPostState, NewsPostErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: newsPostDecider,
      projection: newsProjection,
      errors: {
        news_exists: () => ApiError.conflict(MSG.conflict, NEWS_MSG.title),
        news_not_found: (_error, command) => ApiError.notFound(NEWS_MSG.notFound, command.type === 'DeleteNewsPost' ? NEWS_MSG.deleteFailed : NEWS_MSG.title),
        news_invalid: (error) => ApiError.badRequest(NEWS_MSG.title, error.message, { [error.message === NEWS_MSG.contentRequired ? 'content' : 'title']: error.message }),
      },
    });
  }
}
