// Grows a generated community's log to a given size fast, for the rebuild benches: new tracks
// (uploaded, transcoded, some edited) by the community's members with its tags, and plays of
// them, written straight into the log by set-based SQL (50,000 events a transaction) instead of
// through the deciders, which append a few thousand events a second. The relay and the async
// projections' checkpoints are then moved past what was written (nothing was published or
// applied live); a first rebuild of each read model brings it in.
import { createRequire } from 'node:module';
import { sql } from 'kysely';

const require = createRequire(import.meta.url);
const { EVENT_SCHEMAS } = require('@stardeck/infra');

const CHUNK = 50_000;
const version = (type) => EVENT_SCHEMAS[type]?.current ?? 1;

export async function amplifyLog(db, wanted, onProgress) {
  const users = (await db.selectFrom('users').select('id').execute()).map((u) => u.id);
  const tags = await db.selectFrom('tags').select(['id', 'name', 'slug']).orderBy('id').limit(24).execute();
  if (users.length === 0 || tags.length < 2) throw new Error('amplify a generated community: it has no members or tags');
  let size = Number((await sql`select count(*)::bigint as n from events`.execute(db)).rows[0].n);
  let chunk = 0;
  while (size < wanted) {
    const n = Math.min(CHUNK, wanted - size);
    const tracks = Math.max(1, Math.round(n * 0.1));
    const edits = Math.round(n * 0.05);
    const plays = Math.max(0, n - 2 * tracks - edits);
    const label = `${Date.now().toString(36)}${chunk++}`;
    await db.transaction().execute(async (tx) => {
      const { rows } = await sql`select nextval('track_id_seq') as id from generate_series(1, ${tracks}::int)`.execute(tx);
      const ids = rows.map((r) => Number(r.id));
      await sql`
        with t as (
          select id, ${users}::text[] as users, ${JSON.stringify(tags)}::jsonb as tags
          from unnest(${ids}::bigint[]) as id
        ), picked as (
          select id, users[1 + floor(random() * array_length(users, 1))::int] as user_id,
            jsonb_build_array(tags -> floor(random() * jsonb_array_length(tags))::int) as tag_refs
          from t
        )
        insert into events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
        select 'track-' || p.id, v.version, v.type, v.schema_version, v.data,
          jsonb_build_object('actor', p.user_id, 'correlation_id', 'bench-' || p.id), gen_random_uuid()
        from picked p cross join lateral (values
          (1, 'TrackUploaded', ${version('TrackUploaded')}::int, jsonb_build_object(
            'track_id', p.id, 'user_id', p.user_id, 'title', 'Bench track ' || p.id, 'slug', 'bench-track-' || p.id, 'description', null,
            'visibility', 'public', 'parent_id', null, 'tags', p.tag_refs, 'filename', 'bench.mp3', 'mimetype', 'audio/mpeg',
            'extension', 'mp3', 'filesize', 1000000, 'source_key', 'sources/' || p.user_id || '/bench-' || p.id || '.mp3',
            'lossless', false, 'artwork', null)),
          (2, 'TrackTranscoded', ${version('TrackTranscoded')}::int, jsonb_build_object(
            'track_id', p.id, 'duration', 60, 'bitrate', 128, 'peaks_key', 'peaks/' || p.id || '.json',
            'renditions', jsonb_build_object(
              'standard', jsonb_build_object('key', 'renditions/' || p.id || '/standard.mp3', 'size', 1000000, 'mimetype', 'audio/mpeg', 'bitrate', 128),
              'high', jsonb_build_object('key', 'renditions/' || p.id || '/high.mp3', 'size', 2000000, 'mimetype', 'audio/mpeg', 'bitrate', 320),
              'lossless', null),
            'peaks', (select jsonb_agg(round((sin(i::float / 7) * 0.8)::numeric, 2)) from generate_series(1, 200) as i)))
        ) as v(version, type, schema_version, data)
        order by p.id, v.version`.execute(tx);
      if (edits > 0) {
        await sql`
          insert into events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
          select 'track-' || id, 3, 'TrackUpdated', ${version('TrackUpdated')}::int, jsonb_build_object(
            'track_id', id, 'title', 'Bench track ' || id || ' (edit)', 'slug', 'bench-track-' || id || '-edit', 'description', 'edited',
            'visibility', 'public', 'tags', '[]'::jsonb),
            jsonb_build_object('actor', 'bench', 'correlation_id', 'bench-edit-' || id), gen_random_uuid()
          from unnest(${ids.slice(0, edits)}::bigint[]) as id order by id`.execute(tx);
      }
      await sql`
        with p as (
          select i, ${ids}::bigint[] as ids, ${users}::text[] as users from generate_series(1, ${plays}::int) as i
        ), picked as (
          select i, ids[1 + floor(random() * array_length(ids, 1))::int] as track_id, users[1 + floor(random() * array_length(users, 1))::int] as user_id from p
        )
        insert into events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
        select 'listening-bench' || ${label} || '-' || i, 1, 'TrackPlayed', ${version('TrackPlayed')}::int,
          jsonb_build_object('track_id', track_id, 'user_id', user_id, 'track_owner_id', user_id, 'quality', 'standard'),
          jsonb_build_object('actor', user_id, 'correlation_id', 'bench-play-' || ${label} || '-' || i), gen_random_uuid()
        from picked order by i`.execute(tx);
    });
    size += 2 * tracks + edits + plays;
    onProgress?.(size);
  }
  // Nothing of this went out live: the relay and the async read models start past it.
  await sql`update relay_state set last_xid = (select max(transaction_id) from events), last_position = (select max(global_position) from events)`.execute(db);
  await sql`update projection_checkpoints set last_xid = (select max(transaction_id) from events), last_position = (select max(global_position) from events)`.execute(db);
  // Fresh statistics, as autovacuum would gather them in time: without them the planner reads a
  // rebuild's batch through bitmaps of the whole log (seconds a batch) instead of the log's order index.
  await sql`analyze events`.execute(db);
  return size;
}
