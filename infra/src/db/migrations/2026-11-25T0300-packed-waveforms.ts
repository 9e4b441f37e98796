import { packWaveform } from '@stardeck/contracts';
import { sql, type Kysely } from 'kysely';

/**
 * Waveforms in the tracks read model become packed 8-bit strings (see contracts' peaks.ts): the
 * full resolution in `peaks`, the list resolution in `list_peaks`, computed once when the track
 * is transcoded instead of parsing 3600 floats of jsonb on every list read. Rows already there are
 * packed here with the projection's own function, so they equal what a rebuild from the log makes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tracks RENAME COLUMN peaks TO peaks_floats`.execute(db);
  await sql`ALTER TABLE tracks ADD COLUMN peaks text, ADD COLUMN list_peaks text`.execute(db);
  const { rows } = await sql<{ id: string; peaks_floats: number[] }>`SELECT id, peaks_floats FROM tracks WHERE peaks_floats IS NOT NULL`.execute(db);
  for (const row of rows) {
    const packed = packWaveform(row.peaks_floats);
    await sql`UPDATE tracks SET peaks = ${packed.peaks}, list_peaks = ${packed.list_peaks} WHERE id = ${row.id}`.execute(db);
  }
  await sql`ALTER TABLE tracks DROP COLUMN peaks_floats`.execute(db);
}
