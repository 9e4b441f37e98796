import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';

/** What a track adds to the counts: its owner, whether it is listed to everyone, the bytes it stores. */
interface Counted {
  user_id: string;
  listed: boolean;
  bytes: number;
}

/**
 * The bytes a track stores: its source, every rendition made of it, and a video track's video and
 * poster; nothing once it failed (its files are removed). storage-usage counts a member's quota from these.
 */
function bytesOf(row: { status: string; filesize: number | string; renditions: Record<string, unknown> | null; video: unknown }): number {
  if (row.status === 'failed') return 0;
  const renditions = Object.values(row.renditions ?? {}).filter((r): r is { size: number } => typeof r === 'object' && r !== null);
  const video = (row.video ?? null) as { size?: number; poster?: { size?: number } } | null;
  return Number(row.filesize) + renditions.reduce((sum, r) => sum + Number(r.size ?? 0), 0) + Number(video?.size ?? 0) + Number(video?.poster?.size ?? 0);
}

/** The tracks' counted facts before a change, to compare with after it. */
export interface CountedBefore {
  ids: number[];
  rows: Map<number, Counted>;
}

async function read(tx: Tx, ids: number[]): Promise<Map<number, Counted>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.selectFrom('tracks').select(['id', 'user_id', 'visibility', 'status', 'filesize', 'renditions', 'video']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), { user_id: r.user_id, listed: r.visibility === 'public' && r.status === 'ready', bytes: bytesOf(r) }]));
}

/**
 * The counts kept beside the tracks, in the same transaction as they change: each member's
 * tracks, listed tracks (a profile's track count) and stored bytes (their quota's use), and the
 * tracks listed to everyone (the explore list's total). A change reads its tracks' facts before and after and adds the
 * difference, so the counts are read by key and never added up on a request.
 */
export const trackCounts = {
  async before(tx: Tx, ids: number[]): Promise<CountedBefore> {
    return { ids, rows: await read(tx, ids) };
  },

  async after(tx: Tx, before: CountedBefore): Promise<void> {
    const after = await read(tx, before.ids);
    const members = new Map<string, { tracks: number; listed: number; bytes: number }>();
    let listed = 0;
    const add = (row: Counted | undefined, sign: number) => {
      if (!row) return;
      const member = members.get(row.user_id) ?? { tracks: 0, listed: 0, bytes: 0 };
      member.tracks += sign;
      member.bytes += sign * row.bytes;
      if (row.listed) {
        member.listed += sign;
        listed += sign;
      }
      members.set(row.user_id, member);
    };
    for (const id of before.ids) {
      add(before.rows.get(id), -1);
      add(after.get(id), 1);
    }
    const changed = [...members].filter(([, d]) => d.tracks !== 0 || d.listed !== 0 || d.bytes !== 0);
    if (changed.length > 0) {
      await sql`
        insert into member_track_counts (user_id, tracks, listed, bytes)
        select d.user_id, d.tracks, d.listed, d.bytes from jsonb_to_recordset(${JSON.stringify(changed.map(([user_id, d]) => ({ user_id, ...d })))}::jsonb)
          as d(user_id uuid, tracks bigint, listed bigint, bytes bigint)
        on conflict (user_id) do update set tracks = member_track_counts.tracks + excluded.tracks, listed = member_track_counts.listed + excluded.listed,
          bytes = member_track_counts.bytes + excluded.bytes`.execute(tx);
      await sql`delete from member_track_counts where user_id = any(${changed.map(([id]) => id)}::uuid[]) and tracks = 0`.execute(tx);
    }
    if (listed !== 0) {
      await sql`
        insert into track_totals (key, value) values ('listed', ${listed})
        on conflict (key) do update set value = track_totals.value + excluded.value`.execute(tx);
      await sql`delete from track_totals where key = 'listed' and value = 0`.execute(tx);
    }
  },
};
