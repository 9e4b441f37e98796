import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectPglite } from '../connect';
import { migrateTo, migrateToLatest } from '../migrate';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('migration 2026-11-28T1200-catalogue-read-models', () => {
  it('moves full waveforms out of tracks and fills the counts from what is projected, as the projections keep them', async () => {
    const handle = await connectPglite(null);
    const db = handle.db;
    try {
      await migrateTo(db, '2026-11-28T0910-shadow-rebuilds');
      for (const [id, name] of [[A, 'a'], [B, 'b']]) {
        await sql`INSERT INTO users (id, email, username, slug, password_hash, version) VALUES (${id}, ${`${name}@example.com`}, ${name}, ${name}, 'x', 1)`.execute(db);
      }
      await sql`INSERT INTO tags (id, name, slug) VALUES (1, 'Ambient', 'ambient'), (2, 'Night Drive', 'night-drive')`.execute(db);
      const tracks = [
        [1, A, 'public', 'ready', 'AECBfw=='], [2, A, 'private', 'ready', 'AECBfw=='], [3, A, 'public', 'processing', null], [4, B, 'public', 'failed', null],
      ] as const;
      for (const [id, user, visibility, status, peaks] of tracks) {
        await sql`
          INSERT INTO tracks (id, user_id, title, slug, visibility, status, filename, mimetype, extension, filesize, source_key, peaks, list_peaks, created_at, updated_at, version)
          VALUES (${id}, ${user}, 't', 't', ${visibility}, ${status}, 't.mp3', 'audio/mpeg', 'mp3', 1, ${`k${id}`}, ${peaks}, ${peaks}, now(), now(), 1)`.execute(db);
      }
      await sql`
        INSERT INTO tag_usage_tracks (track_id, user_id, public, failed, tag_ids) VALUES
          (1, ${A}, true, false, '{1,2}'), (2, ${A}, false, false, '{1}'), (3, ${A}, true, false, '{1}'), (4, ${B}, true, true, '{2}')`.execute(db);
      await migrateToLatest(db);

      const rows = async (query: string) => (await sql.raw(query).execute(db)).rows;
      expect(await rows('SELECT track_id, peaks FROM track_waveforms ORDER BY track_id')).toEqual([
        { track_id: 1, peaks: 'AECBfw==' }, { track_id: 2, peaks: 'AECBfw==' },
      ]);
      expect(await rows(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'tracks' AND column_name = 'peaks'`)).toEqual([{ n: 0 }]);
      // Bytes: the sources of tracks that did not fail (1 byte each here, no renditions).
      expect(await rows('SELECT user_id, tracks::int, listed::int, bytes::int FROM member_track_counts ORDER BY user_id')).toEqual([
        { user_id: A, tracks: 3, listed: 1, bytes: 3 }, { user_id: B, tracks: 1, listed: 0, bytes: 0 },
      ]);
      expect(await rows('SELECT key, value::int FROM track_totals')).toEqual([{ key: 'listed', value: 1 }]);
      // Ambient: 1 and 3 in use (public, not failed), 1 listed; Night Drive: 1 in use and listed (4 failed).
      expect(await rows('SELECT tag_id::int, name_key, usage_count::int, unique_artists::int, listed_count::int FROM tag_usage_counts ORDER BY tag_id')).toEqual([
        { tag_id: 1, name_key: 'ambient', usage_count: 2, unique_artists: 1, listed_count: 1 },
        { tag_id: 2, name_key: 'night drive', usage_count: 1, unique_artists: 1, listed_count: 1 },
      ]);
      expect(await rows('SELECT key, value::int FROM tag_usage_totals')).toEqual([{ key: 'unique_artists', value: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
