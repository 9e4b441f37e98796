import type { TrackStatus, TrackVisibility } from '@stardeck/contracts';
import { tracksProjection } from '@stardeck/domain';
import { connectPglite, migrateToLatest, type DbHandle } from '@stardeck/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackVisibility, type Viewer } from './visibility';

const VISIBILITIES: TrackVisibility[] = ['public', 'unlisted', 'private'];
const STATUSES: TrackStatus[] = ['processing', 'ready', 'failed'];
const OWNER = '00000000-0000-4000-8000-000000000001';
const VIEWERS: Viewer[] = [null, { id: OWNER }, { id: '00000000-0000-4000-8000-000000000002' }];

/** The function and the SQL expression of each rule must answer alike for every kind of track and viewer. */
describe('track visibility rules', () => {
  let handle: DbHandle;
  const tracks: { id: number; visibility: TrackVisibility; status: TrackStatus }[] = [];

  beforeAll(async () => {
    handle = await connectPglite(null);
    await migrateToLatest(handle.db);
    await handle.db.transaction().execute(async (tx) => {
      await tx.insertInto('users').values({
        id: OWNER, email: 'o@example.com', username: 'owner', slug: 'owner', password_hash: 'x', role: 'member', tier: 'free',
        verified_at: new Date(), created_at: new Date(), version: 1,
      }).execute();
      let id = 0;
      let position = 0;
      const apply = (type: string, data: object) => tracksProjection.apply({
        global_position: ++position, transaction_id: String(position), stream_id: `track-${id}`, stream_version: 1, type, schema_version: 1,
        data: data as Record<string, unknown>, metadata: { actor: OWNER }, event_id: crypto.randomUUID(), recorded_at: new Date(),
      }, tx);
      for (const visibility of VISIBILITIES) {
        for (const status of STATUSES) {
          id += 1;
          tracks.push({ id, visibility, status });
          await apply('TrackUploaded', {
            track_id: id, user_id: OWNER, title: `t${id}`, slug: `t${id}`, description: null, visibility, parent_id: null, tags: [],
            filename: 'a.mp3', mimetype: 'audio/mpeg', extension: 'mp3', filesize: 1, source_key: `uploads/${OWNER}/${id}.mp3`, lossless: false, artwork: null,
          });
          if (status === 'ready') {
            const r = { key: 'k', size: 1, mimetype: 'audio/mpeg', bitrate: 128 };
            await apply('TrackTranscoded', { track_id: id, renditions: { standard: r, high: r, lossless: null }, duration: 1, bitrate: 128, peaks_key: null, peaks: [] });
          }
          if (status === 'failed') await apply('TrackTranscodeFailed', { track_id: id, reason: 'x' });
        }
      }
    });
  });
  afterAll(() => handle.close());

  const selected = async (rule: 'visibleTo' | 'listedTo', viewer: Viewer) =>
    (await handle.db.selectFrom('tracks').select('id').where(trackVisibility[rule](viewer)).orderBy('id').execute()).map((r) => r.id);

  it.each(VIEWERS.map((viewer) => [viewer?.id ?? 'a visitor', viewer] as const))('agree for %s', async (_name, viewer) => {
    const withOwner = (t: (typeof tracks)[number]) => ({ ...t, user_id: OWNER });
    expect(await selected('visibleTo', viewer)).toEqual(tracks.filter((t) => trackVisibility.canView(withOwner(t), viewer)).map((t) => t.id));
    expect(await selected('listedTo', viewer)).toEqual(tracks.filter((t) => trackVisibility.canList(withOwner(t), viewer)).map((t) => t.id));
  });

  it('opens unlisted tracks to others but lists only public ready ones, and shows the owner everything', () => {
    const other = VIEWERS[2]!;
    const at = (visibility: TrackVisibility, status: TrackStatus) => ({ user_id: OWNER, visibility, status });
    expect(trackVisibility.canView(at('unlisted', 'ready'), other)).toBe(true);
    expect(trackVisibility.canList(at('unlisted', 'ready'), other)).toBe(false);
    expect(trackVisibility.canView(at('private', 'ready'), other)).toBe(false);
    expect(trackVisibility.canView(at('public', 'failed'), null)).toBe(false);
    expect(trackVisibility.canList(at('public', 'processing'), other)).toBe(false);
    expect(trackVisibility.canList(at('private', 'failed'), { id: OWNER })).toBe(true);
  });
});
