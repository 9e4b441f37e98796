import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { deleteWhereIn, insertRows } from '../../kit/batch-writes';

export interface UsageRow { track_id: number; user_id: string; public: boolean; failed: boolean; ready: boolean; tag_ids: number[] }

/** Counted in the cloud: public and not failed (processing included). Listed: public and ready. */
const inUse = (row: UsageRow | null) => row !== null && row.public && !row.failed;
const listed = (row: UsageRow | null) => row !== null && row.public && row.ready;

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/**
 * The tag counts kept from the changes of tracks' rows: per tag and owner (how many of the
 * owner's tracks in use carry it), per tag (tracks in use, their distinct owners, listed tracks),
 * per owner (tracks in use with a tag) and how many such owners there are. The stored counts of
 * the keys a change touches are read, moved by the difference, and written back; a count that
 * reaches zero is deleted, as a rebuild would never have made it.
 */
export const tagCounts = {
  /** `names`: lower-cased names of the tags the events named (a tag's counts start with an event that names it). */
  async move(tx: Tx, changes: { before: UsageRow | null; after: UsageRow | null }[], names: Map<number, string>): Promise<void> {
    const pairs = new Map<string, number>();
    const listedBy = new Map<number, number>();
    const owners = new Map<string, number>();
    for (const { before, after } of changes) {
      for (const [row, sign] of [[before, -1], [after, 1]] as const) {
        if (!row) continue;
        if (inUse(row)) {
          for (const tag of row.tag_ids) add(pairs, `${tag} ${row.user_id}`, sign);
          if (row.tag_ids.length > 0) add(owners, row.user_id, sign);
        }
        if (listed(row)) for (const tag of row.tag_ids) add(listedBy, tag, sign);
      }
    }
    const movedPairs = [...pairs].filter(([, n]) => n !== 0).map(([key, n]) => {
      const [tag, user] = key.split(' ');
      return { tag_id: Number(tag), user_id: user!, n };
    });
    const tags = [...new Set([...movedPairs.map((p) => p.tag_id), ...[...listedBy].filter(([, n]) => n !== 0).map(([tag]) => tag)])];
    if (tags.length > 0) await moveTags(tx, tags, movedPairs, listedBy, names);
    const movedOwners = [...owners].filter(([, n]) => n !== 0);
    if (movedOwners.length > 0) await moveOwners(tx, movedOwners);
  },
};

async function moveTags(
  tx: Tx, tags: number[], pairs: { tag_id: number; user_id: string; n: number }[], listedBy: Map<number, number>, names: Map<number, string>,
): Promise<void> {
  const uses = new Map<number, number>();
  const artists = new Map<number, number>();
  if (pairs.length > 0) {
    const { rows } = await sql<{ tag_id: string; user_id: string; tracks: string }>`
      select c.tag_id, c.user_id, c.tracks from tag_artist_counts c
      join jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as p(tag_id bigint, user_id uuid) on p.tag_id = c.tag_id and p.user_id = c.user_id`.execute(tx);
    const stored = new Map(rows.map((r) => [`${Number(r.tag_id)} ${r.user_id}`, Number(r.tracks)]));
    const kept: { tag_id: number; user_id: string; tracks: number }[] = [];
    const gone: { tag_id: number; user_id: string }[] = [];
    for (const pair of pairs) {
      const was = stored.get(`${pair.tag_id} ${pair.user_id}`) ?? 0;
      const now = was + pair.n;
      add(uses, pair.tag_id, pair.n);
      if (was === 0 && now > 0) add(artists, pair.tag_id, 1);
      if (was > 0 && now === 0) add(artists, pair.tag_id, -1);
      if (now > 0) kept.push({ tag_id: pair.tag_id, user_id: pair.user_id, tracks: now });
      else if (was > 0) gone.push({ tag_id: pair.tag_id, user_id: pair.user_id });
    }
    if (gone.length > 0) {
      await sql`
        delete from tag_artist_counts c using jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) as g(tag_id bigint, user_id uuid)
        where c.tag_id = g.tag_id and c.user_id = g.user_id`.execute(tx);
    }
    await insertRows(tx, 'tag_artist_counts', ['tag_id', 'user_id', 'tracks'], kept, sql`on conflict (tag_id, user_id) do update set tracks = excluded.tracks`);
  }
  const stored = await tx.selectFrom('tag_usage_counts').selectAll().where('tag_id', 'in', tags).execute();
  const byTag = new Map(stored.map((r) => [Number(r.tag_id), r]));
  const rows = tags.map((tag) => {
    const was = byTag.get(tag);
    return {
      tag_id: tag,
      name_key: was?.name_key ?? names.get(tag) ?? '',
      usage_count: Number(was?.usage_count ?? 0) + (uses.get(tag) ?? 0),
      unique_artists: Number(was?.unique_artists ?? 0) + (artists.get(tag) ?? 0),
      listed_count: Number(was?.listed_count ?? 0) + (listedBy.get(tag) ?? 0),
    };
  });
  const empty = (r: (typeof rows)[number]) => r.usage_count === 0 && r.listed_count === 0;
  await deleteWhereIn(tx, 'tag_usage_counts', 'tag_id', rows.filter(empty).map((r) => r.tag_id));
  await insertRows(tx, 'tag_usage_counts', ['tag_id', 'name_key', 'usage_count', 'unique_artists', 'listed_count'], rows.filter((r) => !empty(r)),
    sql`on conflict (tag_id) do update set usage_count = excluded.usage_count, unique_artists = excluded.unique_artists, listed_count = excluded.listed_count`);
}

async function moveOwners(tx: Tx, moved: [string, number][]): Promise<void> {
  const stored = await tx.selectFrom('tag_usage_artists').selectAll().where('user_id', 'in', moved.map(([id]) => id)).execute();
  const was = new Map(stored.map((r) => [r.user_id, Number(r.tracks)]));
  let total = 0;
  const kept: { user_id: string; tracks: number }[] = [];
  const gone: string[] = [];
  for (const [user, n] of moved) {
    const before = was.get(user) ?? 0;
    const now = before + n;
    if (before === 0 && now > 0) total += 1;
    if (before > 0 && now === 0) total -= 1;
    if (now > 0) kept.push({ user_id: user, tracks: now });
    else if (before > 0) gone.push(user);
  }
  if (gone.length > 0) await sql`delete from tag_usage_artists where user_id = any(${gone}::uuid[])`.execute(tx);
  await insertRows(tx, 'tag_usage_artists', ['user_id', 'tracks'], kept, sql`on conflict (user_id) do update set tracks = excluded.tracks`);
  if (total !== 0) {
    await sql`
      insert into tag_usage_totals (key, value) values ('unique_artists', ${total})
      on conflict (key) do update set value = tag_usage_totals.value + excluded.value`.execute(tx);
    await sql`delete from tag_usage_totals where key = 'unique_artists' and value = 0`.execute(tx);
  }
}
