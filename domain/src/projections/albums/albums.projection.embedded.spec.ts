import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { albumsProjection } from './albums.projection';

const given = projectionSpec(albumsProjection, { alongside: [usersProjection] });
const { owner } = SPEC_MEMBERS;
const art = { key: 'artwork/cover.png', mimetype: 'image/png' };
const fields = { title: 'Low Tide', slug: 'low-tide', description: 'b-sides', release_date: '2026-11-01', visibility: 'public', artwork: art };
const created = (album_id = 7, track_ids = [3, 1, 2]) => ({
  type: 'AlbumCreated', stream_version: 1, recorded_at: new Date('2026-02-01T10:00:00Z'),
  data: { album_id, user_id: owner, ...fields, tags: [{ id: 4, name: 'Drone', slug: 'drone' }, { id: 2, name: 'Ambient', slug: 'ambient' }], track_ids },
});
const arranged = (track_ids: number[]) => ({ type: 'AlbumTracksArranged', stream_version: 2, data: { album_id: 7, user_id: owner, track_ids } });

describe('albums projection', () => {
  it('creates an album with its tracks numbered in the order given and its tags in theirs', async () => {
    await given(...everyoneRegistered(), created()).then('album_tracks', [
      { album_id: 7, track_id: 3, track_number: 1 }, { album_id: 7, track_id: 1, track_number: 2 }, { album_id: 7, track_id: 2, track_number: 3 },
    ], 'track_number');
    await given(...everyoneRegistered(), created()).then('album_tags', [{ tag_id: 4, position: 0 }, { tag_id: 2, position: 1 }], 'position');
  });

  it('applies an edit whole, cover and tags included', async () => {
    await given(...everyoneRegistered(), created(), {
      type: 'AlbumEdited', stream_version: 2, recorded_at: new Date('2026-02-02T10:00:00Z'),
      data: {
        album_id: 7, user_id: owner, ...fields, title: 'Ebb', slug: 'ebb', visibility: 'private', artwork: null, tags: [{ id: 9, name: 'Dub', slug: 'dub' }],
        release_date: '2027-01-01', previous_artwork_key: art.key, announced: false,
      },
    }).then('albums', [{
      id: 7, user_id: owner, title: 'Ebb', slug: 'ebb', description: 'b-sides', release_date: '2027-01-01', visibility: 'private',
      artwork_key: null, artwork_mimetype: null, created_at: new Date('2026-02-01T10:00:00Z'), updated_at: new Date('2026-02-02T10:00:00Z'), version: 2,
    }]);
  });

  it('replaces the whole list on an arrangement, renumbered from 1', async () => {
    await given(...everyoneRegistered(), created(), arranged([2, 9])).then('album_tracks', [
      { album_id: 7, track_id: 2, track_number: 1 }, { album_id: 7, track_id: 9, track_number: 2 },
    ], 'track_number');
  });

  it('takes a deleted album\'s rows with it, leaving other albums alone', async () => {
    const events = [...everyoneRegistered(), created(7), created(8, [3]), { type: 'AlbumDeleted', data: { album_id: 7, user_id: owner, artwork_key: art.key } }];
    await given(...events).then('albums', [{ id: 8 }]);
    await given(...events).then('album_tracks', [{ album_id: 8, track_id: 3, track_number: 1 }]);
    await given(...events).then('album_tags', [{ album_id: 8, tag_id: 4 }, { album_id: 8, tag_id: 2 }], 'position');
  });
});
