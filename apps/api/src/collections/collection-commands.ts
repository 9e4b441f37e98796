import { Injectable } from '@nestjs/common';
import { MSG, SOCIAL_MSG, TRACK_MSG, type CollectionEvent, type CollectionFollowEvent } from '@stardeck/contracts';
import {
  collectionDecider, collectionFollowDecider, collectionsProjection, type CollectionCommand, type CollectionErrorCode,
  type CollectionFollowCommand, type CollectionFollowErrorCode, type CollectionFollowState, type CollectionState,
} from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** The title of a refusal names what the member tried (spec §8). */
const titleOf = (command: CollectionCommand) => (command.type === 'DeleteCollection' ? SOCIAL_MSG.collectionDeleteFailed : 'Collection');

/** Commands on collection streams, and how each refusal is answered. */
@Injectable()
export class CollectionCommands extends CommandHandler<CollectionCommand, CollectionEvent, CollectionState, CollectionErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: collectionDecider,
      projection: collectionsProjection,
      // Adding the same track from two tabs at once answers both with success.
      serialised: true,
      errors: {
        collection_exists: () => ApiError.conflict(MSG.conflict, 'Collection'),
        collection_not_found: (_error, command) => ApiError.notFound(SOCIAL_MSG.collectionNotFound, titleOf(command)),
        collection_name_required: () =>
          ApiError.badRequest('Collection', SOCIAL_MSG.collectionNameRequired, { name: SOCIAL_MSG.collectionNameRequired }),
        collection_track_not_found: () => ApiError.notFound(TRACK_MSG.trackNotFound, 'Collection'),
        collection_limit_reached: () => ApiError.forbidden(SOCIAL_MSG.collectionLimitReached, 'Collection'),
      },
    });
  }
}

/** Commands on collection-follow streams, one per member and collection. */
@Injectable()
export class CollectionFollowCommands extends CommandHandler<CollectionFollowCommand, CollectionFollowEvent, CollectionFollowState, CollectionFollowErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: collectionFollowDecider,
      projection: collectionsProjection,
      serialised: true,
      errors: {
        follow_collection_not_found: () => ApiError.notFound(SOCIAL_MSG.collectionNotFound, 'Collection'),
        follow_own_collection: () => ApiError.forbidden(SOCIAL_MSG.cannotFollowOwnCollection, 'Collection'),
      },
    });
  }
}
