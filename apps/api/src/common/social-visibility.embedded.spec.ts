import type { CollectionVisibility, TrackStatus, TrackVisibility } from '@stardeck/contracts';
import { albumsProjection, collectionsProjection, commentsProjection, tracksProjection, usersProjection, type Projection } from '@stardeck/domain';
import { connectPglite, migrateToLatest, type DbHandle, type Tx } from '@stardeck/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumVisibility, collectionVisibility, commentVisibility, trackVisibility, type Viewer } from './visibility';

const VISIBILITIES: TrackVisibility[] = ['public', 'unlisted', 'private'];
const STATUSES: TrackStatus[] = ['processing', 'ready', 'failed'];
const OWNER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const VIEWERS: Viewer[] = [null, { id: OWNER }, { id: OTHER }];
const viewerCases = VIEWERS.map((viewer) => [viewer?.id ?? 'a visitor', viewer] as const);

/**
 * The collection, album and comment rules, like the track rules: the function and the SQL expression
 * must answer alike for every kind of row and every viewer.
 */
describe('collection, album and comment visibility rules', () => {
  let handle: DbHandle;
  const collections: { id: number; user_id: string; visibility: CollectionVisibility }[] = [];
  const tracks: { id: number; user_id: string; visibility: TrackVisibility; status: TrackStatus }[] = [];
  const albums: { id: number; user_id: string; visibility: CollectionVisibility }[] = [];

  beforeAll(async () => {
    handle = await connectPglite(null);
    await migrateToLatest(handle.db);
    await handle.db.transaction().execute(async (tx) => {
      let position = 0;
      const apply = (projection: Projection, stream: string, type: string, data: object) => projection.apply({
        global_position: ++position, transaction_id: String(position), stream_id: stream, stream_version: 1, type, schema_version: 1,
        data: data as Record<string, unknown>, metadata: { actor: OWNER }, event_id: crypto.randomUUID(), recorded_at: new Date(),
      }, tx as Tx);
      for (const user_id of [OWNER, OTHER]) {
        await apply(usersProjection, `user-${user_id}`, 'AccountRegistered', {
          user_id, email: `${user_id}@example.com`, username: user_id, slug: user_id, password_hash: 'x', role: 'member', tier: 'free', invite_id: null,
        });
      }
      let id = 0;
      for (const user_id of [OWNER, OTHER]) {
        for (const visibility of VISIBILITIES) {
          id += 1;
          collections.push({ id, user_id, visibility });
          await apply(collectionsProjection, `collection-${id}`, 'CollectionCreated', {
            collection_id: id, user_id, name: `c${id}`, slug: `c${id}`, description: null, visibility, artwork: null,
          });
          for (const status of STATUSES) {
            const trackId = tracks.length + 1;
            tracks.push({ id: trackId, user_id, visibility, status });
            await apply(tracksProjection, `track-${trackId}`, 'TrackUploaded', {
              track_id: trackId, user_id, title: 't', slug: 't', description: null, visibility, parent_id: null, tags: [], filename: 'a.mp3',
              mimetype: 'audio/mpeg', extension: 'mp3', filesize: 1, source_key: `uploads/${trackId}.mp3`, lossless: false, artwork: null,
            });
            if (status === 'failed') await apply(tracksProjection, `track-${trackId}`, 'TrackTranscodeFailed', { track_id: trackId, reason: 'x' });
            if (status === 'ready') {
              const r = { key: 'k', size: 1, mimetype: 'audio/mpeg', bitrate: 128 };
              await apply(tracksProjection, `track-${trackId}`, 'TrackTranscoded', {
                track_id: trackId, renditions: { standard: r, high: r }, duration: 1, bitrate: 128, peaks_key: null, peaks: [],
              });
            }
            // One comment per track, with the same id.
            await apply(commentsProjection, `comment-${trackId}`, 'CommentPosted', {
              comment_id: trackId, track_id: trackId, track_owner_id: user_id, author_id: OTHER, parent_id: null, parent_author_id: null,
              text: 'x', track_timestamp: 0,
            });
          }
        }
      }
      // An album of each visibility per member, holding every one of their tracks.
      for (const user_id of [OWNER, OTHER]) {
        for (const visibility of VISIBILITIES) {
          const albumId = albums.length + 1;
          albums.push({ id: albumId, user_id, visibility });
          await apply(albumsProjection, `album-${albumId}`, 'AlbumCreated', {
            album_id: albumId, user_id, title: 'a', slug: 'a', description: null, release_date: '2026-11-28', visibility, artwork: null, tags: [],
            track_ids: tracks.filter((t) => t.user_id === user_id).map((t) => t.id),
          });
        }
      }
    });
  });
  afterAll(() => handle.close());

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it.each(viewerCases)('agree on collections for %s', async (_name, viewer) => {
    const select = (rule: 'visibleTo' | 'listedTo') =>
      handle.db.selectFrom('collections').select('id').where(collectionVisibility[rule](viewer)).orderBy('id').execute();
    expect(ids(await select('visibleTo'))).toEqual(ids(collections.filter((c) => collectionVisibility.canView(c, viewer))));
    expect(ids(await select('listedTo'))).toEqual(ids(collections.filter((c) => collectionVisibility.canList(c, viewer))));
  });

  it.each(viewerCases)('agree on comments for %s', async (_name, viewer) => {
    const select = (rule: 'visibleTo' | 'listedTo') =>
      handle.db.selectFrom('comments').select('id').where(commentVisibility[rule](viewer)).orderBy('id').execute();
    expect(ids(await select('visibleTo'))).toEqual(ids(tracks.filter((track) => commentVisibility.canView({ track }, viewer))));
    expect(ids(await select('listedTo'))).toEqual(ids(tracks.filter((track) => commentVisibility.canList({ track }, viewer))));
  });

  it.each(viewerCases)("agree on the tracks shown in a member's own list for %s", async (_name, viewer) => {
    for (const listOwner of [OWNER, OTHER]) {
      const rows = await handle.db.selectFrom('tracks').select('id').where(trackVisibility.shownInListOf(listOwner, viewer)).orderBy('id').execute();
      expect(ids(rows)).toEqual(ids(tracks.filter((t) => trackVisibility.canShowInListOf(t, listOwner, viewer))));
    }
  });

  it.each(viewerCases)('agree on the tracks each collection shows for %s', async (_name, viewer) => {
    const rows = await handle.db.selectFrom('collections').innerJoin('tracks', (join) => join.onTrue())
      .select(['collections.id as collection_id', 'tracks.id as track_id']).where(trackVisibility.shownInCollection(viewer))
      .orderBy('collections.id').orderBy('tracks.id').execute();
    const expected = collections.flatMap((c) => tracks.filter((t) => trackVisibility.canShowInListOf(t, c.user_id, viewer))
      .map((t) => ({ collection_id: c.id, track_id: t.id })));
    expect(rows).toEqual(expected);
  });

  it.each(viewerCases)('agree on albums and the tracks each album shows for %s', async (_name, viewer) => {
    const select = (rule: 'visibleTo' | 'listedTo') =>
      handle.db.selectFrom('albums').select('id').where(albumVisibility[rule](viewer)).orderBy('id').execute();
    expect(ids(await select('visibleTo'))).toEqual(ids(albums.filter((a) => albumVisibility.canView(a, viewer))));
    expect(ids(await select('listedTo'))).toEqual(ids(albums.filter((a) => albumVisibility.canList(a, viewer))));
    const shown = await handle.db.selectFrom('album_tracks').innerJoin('albums', 'albums.id', 'album_tracks.album_id')
      .innerJoin('tracks', 'tracks.id', 'album_tracks.track_id').select(['albums.id as album_id', 'tracks.id as track_id'])
      .where(albumVisibility.tracksShownTo(viewer)).orderBy('albums.id').orderBy('tracks.id').execute();
    const expected = albums.flatMap((a) => tracks.filter((t) => t.user_id === a.user_id && trackVisibility.canShowInListOf(t, a.user_id, viewer))
      .map((t) => ({ album_id: a.id, track_id: t.id })));
    expect(shown.map((r) => ({ album_id: Number(r.album_id), track_id: Number(r.track_id) }))).toEqual(expected);
  });

  it('keeps private collections to their owner, lists unlisted ones to nobody else, and opens them by link', () => {
    const at = (visibility: CollectionVisibility) => ({ user_id: OWNER, visibility });
    for (const viewer of [null, { id: OTHER }]) {
      expect(collectionVisibility.canView(at('private'), viewer)).toBe(false);
      expect(collectionVisibility.canView(at('unlisted'), viewer)).toBe(true);
      expect(collectionVisibility.canList(at('unlisted'), viewer)).toBe(false);
      expect(collectionVisibility.canList(at('public'), viewer)).toBe(true);
    }
    expect(collectionVisibility.canList(at('private'), { id: OWNER })).toBe(true);
  });

  it("shows a list's owner the unlisted tracks they saved, and other readers of the list only listed ones", () => {
    const unlisted = { user_id: OTHER, visibility: 'unlisted' as const, status: 'ready' as const };
    expect(trackVisibility.canShowInListOf(unlisted, OWNER, { id: OWNER })).toBe(true);
    expect(trackVisibility.canShowInListOf(unlisted, OWNER, null)).toBe(false);
    expect(trackVisibility.canShowInListOf({ ...unlisted, visibility: 'private' }, OWNER, { id: OWNER })).toBe(false);
  });
});
