import type { AlbumEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { AlbumErrors, albumDecider, type AlbumCommand } from './albums.decider';

const given = deciderSpec(albumDecider);
const art = { key: 'artwork/owner/cover.png', mimetype: 'image/png' };
const drone = { id: 4, name: 'Drone', slug: 'drone' };
const fields = {
  title: 'Low Tide', slug: 'low-tide', description: null, release_date: '2026-11-01', visibility: 'public' as const, artwork: art, tags: [drone],
};
const created: AlbumEvent = { type: 'AlbumCreated', data: { album_id: 7, user_id: 'owner', ...fields, track_ids: [3, 1, 2] } };
const createdPrivate: AlbumEvent = { type: 'AlbumCreated', data: { ...created.data as Extract<AlbumEvent, { type: 'AlbumCreated' }>['data'], visibility: 'private' } };
const create: AlbumCommand = {
  type: 'CreateAlbum', album_id: 7, user_id: 'owner', title: '  Low Tide ', description: null, release_date: '2026-11-01', visibility: 'public',
  artwork: art, tags: [drone], track_ids: [3, 1, 2], owned: 0, limit: 1000, tier_allows_albums: true, own_track_ids: [1, 2, 3, 9],
};
const edit = (changes: Partial<Extract<AlbumCommand, { type: 'EditAlbum' }>>): AlbumCommand => ({
  type: 'EditAlbum', actor_id: 'owner', tier_allows_albums: true, artwork: null, remove_artwork: false, ...changes,
});
const arrange = (trackIds: number[], changes: Partial<Extract<AlbumCommand, { type: 'ArrangeAlbumTracks' }>> = {}): AlbumCommand => ({
  type: 'ArrangeAlbumTracks', actor_id: 'owner', track_ids: trackIds, tier_allows_albums: true, own_track_ids: [1, 2, 3, 9], ...changes,
});
const edited = (changes: Record<string, unknown>): AlbumEvent => ({
  type: 'AlbumEdited', data: { album_id: 7, user_id: 'owner', ...fields, previous_artwork_key: null, announced: false, ...changes },
});
const deleted: AlbumEvent = { type: 'AlbumDeleted', data: { album_id: 7, user_id: 'owner', artwork_key: art.key } };
const hundred = Array.from({ length: 101 }, (_, i) => i + 1);

describe('album decider', () => {
  it('creates an album of the member\'s own tracks in the order given, its title trimmed and slugged', () => {
    given([]).when(create).then([created]);
    given([]).when({ ...create, title: '   ' }).thenFails(AlbumErrors.titleRequired);
    given([created]).when(create).thenFails(AlbumErrors.exists);
  });

  it('needs a tier with albums to create, edit or arrange one', () => {
    given([]).when({ ...create, tier_allows_albums: false }).thenFails(AlbumErrors.needsTier);
    given([created]).when(edit({ title: 'Ebb', tier_allows_albums: false })).thenFails(AlbumErrors.needsTier);
    given([created]).when(arrange([1, 2, 3], { tier_allows_albums: false })).thenFails(AlbumErrors.needsTier);
  });

  it('lets an owner whose tier lapsed delete an album', () => {
    given([created]).when({ type: 'DeleteAlbum', actor_id: 'owner' }).then([deleted]);
  });

  it('holds 1 to 100 tracks, each once and each the owner\'s own', () => {
    given([]).when({ ...create, track_ids: [] }).thenFails(AlbumErrors.trackCount);
    given([]).when({ ...create, track_ids: hundred, own_track_ids: hundred }).thenFails(AlbumErrors.trackCount);
    given([]).when({ ...create, track_ids: hundred.slice(0, 100), own_track_ids: hundred }).then([{
      type: 'AlbumCreated', data: { album_id: 7, user_id: 'owner', ...fields, track_ids: hundred.slice(0, 100) },
    }]);
    given([]).when({ ...create, track_ids: [1, 1] }).thenFails(AlbumErrors.trackRepeated);
    given([]).when({ ...create, track_ids: [1, 5] }).thenFails(AlbumErrors.trackNotOwn);
    given([created]).when(arrange([1, 5])).thenFails(AlbumErrors.trackNotOwn);
    given([created]).when(arrange([])).thenFails(AlbumErrors.trackCount);
  });

  it('refuses an album past the member\'s ceiling, and takes the last place under it', () => {
    given([]).when({ ...create, owned: 999 }).then([created]);
    given([]).when({ ...create, owned: 1000 }).thenFails(AlbumErrors.limitReached);
  });

  it('arranges the tracks as a whole new order; the same order changes nothing', () => {
    given([created]).when(arrange([1, 2, 3, 9])).then([{ type: 'AlbumTracksArranged', data: { album_id: 7, user_id: 'owner', track_ids: [1, 2, 3, 9] } }]);
    given([created]).when(arrange([3, 1, 2])).thenNothing();
  });

  it('edits only what is sent, names the cover it replaced, and changes nothing for an edit to the same values', () => {
    given([created]).when(edit({ title: 'Ebb', release_date: '2026-12-24' })).then([edited({ title: 'Ebb', slug: 'ebb', release_date: '2026-12-24' })]);
    given([created]).when(edit({ remove_artwork: true })).then([edited({ artwork: null, previous_artwork_key: art.key })]);
    given([created]).when(edit({ title: 'Low Tide', tags: [drone] })).thenNothing();
    given([created]).when(edit({ title: ' ' })).thenFails(AlbumErrors.titleRequired);
  });

  it('announces an album once, when it first becomes public', () => {
    given([createdPrivate]).when(edit({ visibility: 'public' })).then([edited({ announced: true })]);
    given([createdPrivate, edited({ announced: true }), edited({ visibility: 'private' })]).when(edit({ visibility: 'public' }))
      .then([edited({ announced: false })]);
    given([created]).when(edit({ visibility: 'unlisted' })).then([edited({ visibility: 'unlisted' })]);
  });

  it('answers anyone but the owner, and a deleted album, as a missing one', () => {
    given([created]).when(edit({ actor_id: 'someone', title: 'Mine' })).thenFails(AlbumErrors.notFound);
    given([created]).when(arrange([1], { actor_id: 'someone' })).thenFails(AlbumErrors.notFound);
    given([created]).when({ type: 'DeleteAlbum', actor_id: 'someone' }).thenFails(AlbumErrors.notFound);
    given([created, deleted]).when({ type: 'DeleteAlbum', actor_id: 'owner' }).thenFails(AlbumErrors.notFound);
    given([created, deleted]).when(edit({ title: 'Back' })).thenFails(AlbumErrors.notFound);
    given([]).when(edit({ title: 'x' })).thenFails(AlbumErrors.notFound);
  });
});
