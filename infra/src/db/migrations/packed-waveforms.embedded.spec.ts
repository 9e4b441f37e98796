import { peaksForDrawing } from '@stardeck/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectPglite } from '../connect';
import { migrateTo, migrateToLatest } from '../migrate';

describe('migration 2026-11-25T0300-packed-waveforms', () => {
  it('packs the waveforms of tracks already transcoded, and leaves the others without one', async () => {
    const handle = await connectPglite(null);
    try {
      await migrateTo(handle.db, '2026-11-24T0110-library-collections-comments');
      const user = '00000000-0000-4000-8000-000000000001';
      await sql`INSERT INTO users (id, email, username, slug, password_hash, version) VALUES (${user}, 'a@example.com', 'a', 'a', 'x', 1)`.execute(handle.db);
      const floats = Array.from({ length: 1800 }, (_, i) => (i === 7 ? [-1, 1] : [-0.5, 0.5])).flat();
      for (const [id, peaks] of [[1, JSON.stringify(floats)], [2, null]] as const) {
        await sql`
          INSERT INTO tracks (id, user_id, title, slug, visibility, status, filename, mimetype, extension, filesize, source_key, peaks, created_at, updated_at, version)
          VALUES (${id}, ${user}, 't', 't', 'public', ${peaks ? 'ready' : 'processing'}, 't.mp3', 'audio/mpeg', 'mp3', 1, ${`k${id}`}, ${peaks}::jsonb, now(), now(), 1)`
          .execute(handle.db);
      }
      await migrateToLatest(handle.db);
      // The full waveform has since moved to a table of its own (2026-11-28T1200-catalogue-read-models).
      const { rows } = await sql<{ id: string; peaks: string | null; list_peaks: string | null }>`
        SELECT t.id, w.peaks, t.list_peaks FROM tracks t LEFT JOIN track_waveforms w ON w.track_id = t.id ORDER BY t.id`.execute(handle.db);
      const full = peaksForDrawing(rows[0]!.peaks!);
      const list = peaksForDrawing(rows[0]!.list_peaks!);
      expect([full.length, list.length]).toEqual([3600, 800]);
      expect(full.slice(12, 18)).toEqual([-64 / 127, 64 / 127, -1, 1, -64 / 127, 64 / 127]);
      expect([Math.min(...list), Math.max(...list)]).toEqual([-1, 1]);
      expect(rows[1]).toMatchObject({ peaks: null, list_peaks: null });
    } finally {
      await handle.close();
    }
  });
});
