import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { collectionsProjection } from './collections.projection';

const given = projectionSpec(collectionsProjection, { alongside: [usersProjection] });
const { owner, fan, other } = SPEC_MEMBERS;
const art = { key: 'artwork/a.png', mimetype: 'image/png' };
const created = (collection_id = 3) => ({
  type: 'CollectionCreated', stream_version: 1,
  data: { collection_id, user_id: owner, name: 'Night Drive', slug: 'night-drive', description: 'late', visibility: 'public', artwork: art },
  recorded_at: new Date('2026-02-01T10:00:00Z'),
});
const added = (track_id: number, collection_id = 3) => ({
  type: 'CollectionTrackAdded', data: { collection_id, collection_owner_id: owner, track_id, track_owner_id: other },
});
const removed = (track_id: number) => ({ type: 'CollectionTrackRemoved', data: { collection_id: 3, collection_owner_id: owner, track_id } });
const followed = (user_id: string) => ({ type: 'CollectionFollowed', data: { collection_id: 3, collection_owner_id: owner, user_id } });
const unfollowed = (user_id: string) => ({ type: 'CollectionUnfollowed', data: { collection_id: 3, collection_owner_id: owner, user_id } });

describe('collections projection', () => {
  it('creates a collection and applies an edit whole, artwork included', async () => {
    await given(...everyoneRegistered(), created(), {
      type: 'CollectionUpdated', stream_version: 2, recorded_at: new Date('2026-02-02T10:00:00Z'),
      data: { collection_id: 3, user_id: owner, name: 'Dawn', slug: 'dawn', description: null, visibility: 'private', artwork: null, previous_artwork_key: art.key },
    }).then('collections', [{
      id: 3, user_id: owner, name: 'Dawn', slug: 'dawn', description: null, visibility: 'private', artwork_key: null, artwork_mimetype: null,
      followers_count: 0, created_at: new Date('2026-02-01T10:00:00Z'), updated_at: new Date('2026-02-02T10:00:00Z'), version: 2,
    }]);
  });

  it('keeps tracks in the order they were added, and drops removed ones', async () => {
    await given(...everyoneRegistered(), created(), added(9), added(4), added(6), removed(4))
      .then('collection_tracks', [{ collection_id: 3, track_id: 9 }, { collection_id: 3, track_id: 6 }], 'position');
  });

  it('counts followers up and down, never below zero', async () => {
    await given(...everyoneRegistered(), created(), followed(fan), followed(other), unfollowed(fan))
      .then('collections', [{ id: 3, followers_count: 1 }]);
    await given(...everyoneRegistered(), created(), followed(fan), unfollowed(fan), unfollowed(fan))
      .then('collections', [{ id: 3, followers_count: 0 }]);
    await given(...everyoneRegistered(), created(), followed(fan), followed(other), unfollowed(fan))
      .then('collection_follows', [{ collection_id: 3, user_id: other }]);
  });

  it('takes a deleted collection\'s tracks and follows with it, leaving other collections alone', async () => {
    const events = [...everyoneRegistered(), created(3), created(4), added(9, 3), added(9, 4), followed(fan),
      { type: 'CollectionDeleted', data: { collection_id: 3, user_id: owner, artwork_key: art.key } }];
    await given(...events).then('collections', [{ id: 4 }]);
    await given(...events).then('collection_tracks', [{ collection_id: 4, track_id: 9 }]);
    await given(...events).then('collection_follows', []);
  });
});
