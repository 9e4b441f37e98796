import type { CollectionFollowEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { CollectionFollowErrors, collectionFollowDecider } from './collection-follow.decider';

const given = deciderSpec(collectionFollowDecider);
const visible = { id: 3, owner_id: 'owner', visible: true };
const hidden = { ...visible, visible: false };
const followed: CollectionFollowEvent = { type: 'CollectionFollowed', data: { collection_id: 3, collection_owner_id: 'owner', user_id: 'fan' } };
const unfollowed: CollectionFollowEvent = { type: 'CollectionUnfollowed', data: { collection_id: 3, collection_owner_id: 'owner', user_id: 'fan' } };

describe('collection follow decider', () => {
  it('follows once, naming the collection owner; following again changes nothing', () => {
    given([]).when({ type: 'FollowCollection', user_id: 'fan', collection: visible }).then([followed]);
    given([followed]).when({ type: 'FollowCollection', user_id: 'fan', collection: visible }).thenNothing();
  });

  it('refuses to follow one\'s own collection, and a missing or hidden one like a missing one', () => {
    given([]).when({ type: 'FollowCollection', user_id: 'owner', collection: visible }).thenFails(CollectionFollowErrors.ownCollection);
    given([]).when({ type: 'FollowCollection', user_id: 'fan', collection: null }).thenFails(CollectionFollowErrors.notFound);
    given([]).when({ type: 'FollowCollection', user_id: 'fan', collection: hidden }).thenFails(CollectionFollowErrors.notFound);
  });

  it('unfollows once; unfollowing what one does not follow changes nothing', () => {
    given([followed]).when({ type: 'UnfollowCollection', user_id: 'fan', collection: visible }).then([unfollowed]);
    given([]).when({ type: 'UnfollowCollection', user_id: 'fan', collection: visible }).thenNothing();
    given([followed, unfollowed]).when({ type: 'UnfollowCollection', user_id: 'fan', collection: visible }).thenNothing();
  });

  it('lets a follower stop following a collection that became hidden, and hides it from everyone else', () => {
    given([followed]).when({ type: 'UnfollowCollection', user_id: 'fan', collection: hidden }).then([unfollowed]);
    given([]).when({ type: 'UnfollowCollection', user_id: 'fan', collection: hidden }).thenFails(CollectionFollowErrors.notFound);
    given([followed]).when({ type: 'UnfollowCollection', user_id: 'fan', collection: null }).thenFails(CollectionFollowErrors.notFound);
  });
});
