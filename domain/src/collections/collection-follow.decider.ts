import type { CollectionFollowEvent } from '@stardeck/contracts';
import { DomainError, type Decider } from '../kit/decider';

/** The collection as the follower finds it when the command is decided. */
export interface FollowTarget {
  id: number;
  owner_id: string;
  /** Whether the follower may open it (a private collection of someone else may not be). */
  visible: boolean;
}

export type CollectionFollowCommand =
  | { type: 'FollowCollection'; user_id: string; collection: FollowTarget | null }
  | { type: 'UnfollowCollection'; user_id: string; collection: FollowTarget | null };

export type CollectionFollowState = { following: boolean };

export const CollectionFollowErrors = {
  notFound: 'follow_collection_not_found',
  ownCollection: 'follow_own_collection',
} as const;
export type CollectionFollowErrorCode = (typeof CollectionFollowErrors)[keyof typeof CollectionFollowErrors];

const notFound = () => new DomainError<CollectionFollowErrorCode>(CollectionFollowErrors.notFound, 'Collection not found');

/**
 * One member following one collection. Following twice or unfollowing what one does not follow
 * changes nothing, so the follower count moves by one at most per member. Nobody follows their
 * own collection; a collection hidden from the member answers like a missing one, except that a
 * member who follows it may still stop.
 */
export const collectionFollowDecider: Decider<CollectionFollowCommand, CollectionFollowEvent, CollectionFollowState, CollectionFollowErrorCode> = {
  initialState: () => ({ following: false }),

  decide(command, state) {
    const { collection, user_id } = command;
    switch (command.type) {
      case 'FollowCollection':
        if (!collection || !collection.visible) return notFound();
        if (collection.owner_id === user_id) {
          return new DomainError<CollectionFollowErrorCode>(CollectionFollowErrors.ownCollection, 'You cannot follow your own collection');
        }
        if (state.following) return [];
        return [{ type: 'CollectionFollowed', data: { collection_id: collection.id, collection_owner_id: collection.owner_id, user_id } }];
      case 'UnfollowCollection':
        if (!collection || (!collection.visible && !state.following)) return notFound();
        if (!state.following) return [];
        return [{ type: 'CollectionUnfollowed', data: { collection_id: collection.id, collection_owner_id: collection.owner_id, user_id } }];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'CollectionFollowed':
        return { following: true };
      case 'CollectionUnfollowed':
        return { following: false };
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${JSON.stringify(unknown)}`);
      }
    }
  },
};
