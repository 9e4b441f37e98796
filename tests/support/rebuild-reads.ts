import request from 'supertest';
import { expect } from 'vitest';
import { bearer, type Session } from '../auth/helpers';
import { waitFor } from './services';

/** The public lists the tracks, track_plays and tag_usage read models feed, as a visitor reads them. */
export const FED_LISTS = [
  '/v1/tracks?limit=100&sort_key=created',
  '/v1/tracks?limit=100&sort_key=title&sort_dir=asc',
  '/v1/tracks?limit=100&sort_key=play_count',
  '/v1/tags?limit=500&sort=usage_count',
  '/v1/tags?limit=500&sort=name',
] as const;

interface ProjectionRow {
  name: string;
  status: string;
  lag: number;
  rebuild: { done: number; total: number; rate: number; eta_seconds: number | null } | null;
  last_rebuild: { done: number; total: number; started_at: string | null; finished_at: string } | null;
  last_error: { message: string; position: number | null } | null;
}

export async function projectionRow(url: string, admin: Session, name: string): Promise<ProjectionRow> {
  const res = await request(url).get('/v1/admin/projections').set(bearer(admin)).expect(200);
  const row = (res.body.data.projections as ProjectionRow[]).find((p) => p.name === name);
  if (!row) throw new Error(`no projection ${name} in the status list`);
  return row;
}

async function readLists(url: string): Promise<string[]> {
  return Promise.all(FED_LISTS.map(async (path) => {
    const res = await request(url).get(path).expect(200);
    return JSON.stringify(res.body.data);
  }));
}

export interface RebuildWhileReadingResult {
  /** Reads made while the rebuild ran, each of every list. */
  readsDuring: number;
  /** Progress the status endpoint reported on the way. */
  progress: { done: number; total: number }[];
  last: ProjectionRow;
}

/**
 * Starts a rebuild of `name` as an admin while another client keeps reading the lists the read
 * models feed. Every read during the rebuild must equal the read before it; the rebuild must end
 * live, its last rebuild at 100% (every event it set out to read), and the lag back at 0.
 */
export async function rebuildWhileReading(url: string, admin: Session, name: string): Promise<RebuildWhileReadingResult> {
  const before = await readLists(url);
  // The same lists twice before: a list that changes on its own would prove nothing here.
  expect(await readLists(url)).toEqual(before);

  let finished = false;
  let readsDuring = 0;
  const rounds: { from: number; to: number }[] = [];
  const mismatches: string[] = [];
  const reader = (async () => {
    while (!finished) {
      const from = Date.now();
      const now = await readLists(url);
      rounds.push({ from, to: Date.now() });
      readsDuring += 1;
      now.forEach((body, i) => {
        if (body !== before[i]) mismatches.push(`${FED_LISTS[i]} differed on read ${readsDuring}`);
      });
    }
  })();

  const progress: { done: number; total: number }[] = [];
  let last: ProjectionRow;
  try {
    await request(url).post(`/v1/admin/projections/${name}/rebuild`).set(bearer(admin)).send({}).expect(202);
    last = await waitFor(async () => {
      const row = await projectionRow(url, admin, name);
      if (row.rebuild) progress.push({ done: row.rebuild.done, total: row.rebuild.total });
      return row.status === 'live' && row.last_rebuild && row.lag === 0 ? row : null;
    }, 120_000, 50);
    // At least one full round of reads overlapping the rebuild's end.
    const reads = readsDuring;
    await waitFor(async () => readsDuring > reads + 1);
  } finally {
    finished = true;
    await reader;
  }
  expect(mismatches).toEqual([]);
  // Reads overlapped the rebuild, from its start to its swap.
  const started = Date.parse(last.last_rebuild!.started_at!);
  const swapped = Date.parse(last.last_rebuild!.finished_at);
  expect(rounds.filter((r) => r.to >= started && r.from <= swapped).length).toBeGreaterThan(0);
  expect(last.last_error).toBeNull();
  expect(last.last_rebuild!.total).toBeGreaterThan(0);
  // 100%: the rebuild read every event it counted at its start (and any appended since).
  expect(last.last_rebuild!.done).toBeGreaterThanOrEqual(last.last_rebuild!.total);
  for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);
  expect(await readLists(url)).toEqual(before);
  return { readsDuring, progress, last };
}
