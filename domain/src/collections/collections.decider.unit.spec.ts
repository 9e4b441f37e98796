import type { CollectionEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { CollectionErrors, collectionDecider, type CollectionCommand } from './collections.decider';

const given = deciderSpec(collectionDecider);
const art = { key: 'artwork/owner/a.png', mimetype: 'image/png' };
const created: CollectionEvent = {
  type: 'CollectionCreated',
  data: { collection_id: 3, user_id: 'owner', name: 'Night Drive', slug: 'night-drive', description: null, visibility: 'public', artwork: art },
};
const create: CollectionCommand = {
  type: 'CreateCollection', collection_id: 3, user_id: 'owner', name: '  Night Drive ', description: null, visibility: 'public', artwork: art,
  owned: 0, limit: 1000,
};
const edit = (fields: Partial<Extract<CollectionCommand, { type: 'UpdateCollection' }>>): CollectionCommand => ({
  type: 'UpdateCollection', actor_id: 'owner', artwork: null, remove_artwork: false, ...fields,
});
const added = (trackId: number): CollectionEvent => ({
  type: 'CollectionTrackAdded', data: { collection_id: 3, collection_owner_id: 'owner', track_id: trackId, track_owner_id: 'artist' },
});
const deleted: CollectionEvent = { type: 'CollectionDeleted', data: { collection_id: 3, user_id: 'owner', artwork_key: art.key } };

describe('collection decider', () => {
  it('creates a collection with its name trimmed and slugged; a blank name is refused', () => {
    given([]).when(create).then([created]);
    given([]).when({ ...create, name: '   ' }).thenFails(CollectionErrors.nameRequired);
    given([created]).when(create).thenFails(CollectionErrors.exists);
  });

  it('refuses a collection past the member\'s ceiling, and takes the last place under it', () => {
    given([]).when({ ...create, owned: 999 }).then([created]);
    given([]).when({ ...create, owned: 1000 }).thenFails(CollectionErrors.limitReached);
  });

  it('edits only what is sent, keeping the rest, and names the artwork it replaced', () => {
    given([created]).when(edit({ visibility: 'private' })).then([{
      type: 'CollectionUpdated',
      data: {
        collection_id: 3, user_id: 'owner', name: 'Night Drive', slug: 'night-drive', description: null, visibility: 'private', artwork: art,
        previous_artwork_key: null,
      },
    }]);
    given([created]).when(edit({ remove_artwork: true, name: 'Late' })).then([{
      type: 'CollectionUpdated',
      data: { collection_id: 3, user_id: 'owner', name: 'Late', slug: 'late', description: null, visibility: 'public', artwork: null, previous_artwork_key: art.key },
    }]);
    given([created]).when(edit({ name: 'Night Drive', description: null })).thenNothing();
    given([created]).when(edit({ name: ' ' })).thenFails(CollectionErrors.nameRequired);
  });

  it('lets nobody but the owner edit, fill or delete it, answering like a missing collection', () => {
    given([created]).when(edit({ actor_id: 'someone', name: 'Mine now' })).thenFails(CollectionErrors.notFound);
    given([created]).when({ type: 'DeleteCollection', actor_id: 'someone' }).thenFails(CollectionErrors.notFound);
    given([created]).when({ type: 'AddTrack', actor_id: 'someone', track_id: 9, track: { owner_id: 'artist' } }).thenFails(CollectionErrors.notFound);
    given([created]).when({ type: 'RemoveTrack', actor_id: 'someone', track_id: 9 }).thenFails(CollectionErrors.notFound);
    given([]).when(edit({ name: 'x' })).thenFails(CollectionErrors.notFound);
  });

  it('adds a track once and removes it once; a hidden track cannot be added', () => {
    given([created]).when({ type: 'AddTrack', actor_id: 'owner', track_id: 9, track: { owner_id: 'artist' } }).then([added(9)]);
    given([created, added(9)]).when({ type: 'AddTrack', actor_id: 'owner', track_id: 9, track: { owner_id: 'artist' } }).thenNothing();
    given([created]).when({ type: 'AddTrack', actor_id: 'owner', track_id: 9, track: null }).thenFails(CollectionErrors.trackNotFound);
    given([created, added(9)]).when({ type: 'RemoveTrack', actor_id: 'owner', track_id: 9 }).then([{
      type: 'CollectionTrackRemoved', data: { collection_id: 3, collection_owner_id: 'owner', track_id: 9 },
    }]);
    given([created]).when({ type: 'RemoveTrack', actor_id: 'owner', track_id: 9 }).thenNothing();
  });

  it('deletes once with the artwork key to clean up; a deleted collection takes no more commands', () => {
    given([created]).when({ type: 'DeleteCollection', actor_id: 'owner' }).then([deleted]);
    given([created, deleted]).when({ type: 'DeleteCollection', actor_id: 'owner' }).thenFails(CollectionErrors.notFound);
    given([created, deleted]).when({ type: 'AddTrack', actor_id: 'owner', track_id: 9, track: { owner_id: 'artist' } }).thenFails(CollectionErrors.notFound);
  });
});
