// The communities of bench/catalogue-scale.mjs: one named database per size, kept between runs.
// A seed is written through the domain's deciders (generateSyntheticHistory: sign-ups, profiles,
// uploads with their transcodes, plays, saves, subscriptions, collections, comments, chat); then
// the catalogue is grown to its size by set-based SQL on the log (uploads with transcodes and
// Zipf-distributed tags over 2,000 tags, plays of Zipf-popular tracks), and the read models those
// events feed are rebuilt from the log. Last, through the deciders again: two readers who follow
// 10 and 1,000 members, and a conversation of 300 messages.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { sql } from 'kysely';
import { ADMIN_DATABASE_URL, NATS_URL, freePort, generateCommunity, waitUntil } from './support.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('@stardeck/api');
const {
  ASYNC_PROJECTIONS, INLINE_PROJECTIONS, conversationDecider, conversationPair, conversationsProjection, handleCommand,
  subscriptionDecider, subscriptionsProjection, tagRegistry,
} = require('@stardeck/domain');
const { conversationStreamIds, profileStreamIds } = require('@stardeck/contracts');
const { EVENT_SCHEMAS, createLogger, deleteJetStream, transcodeQueueNames } = require('@stardeck/infra');
const { ProjectionAdmin } = require('@stardeck/projector');

/**
 * Tracks, members and events of each size. The seed's events go through the deciders (sign-ups
 * take about twelve a member, the rest is members acting on each other's work); the rest is grown by SQL.
 */
export const SIZES = {
  '1e3': { tracks: 1_000, members: 100, events: 10_000, seedEvents: 2_500 },
  '1e4': { tracks: 10_000, members: 1_000, events: 100_000, seedEvents: 25_000 },
  // Seeded with a copy of the 10^4 community (its social history included), then grown by SQL:
  // more members, tracks and plays.
  '1e5': { tracks: 100_000, members: 10_000, events: 1_000_000, seedFrom: '1e4', waveformPairs: 400 },
};
const TAGS = 2_000;
const CHUNK = 5_000;
const version = (type) => EVENT_SCHEMAS[type]?.current ?? 1;

async function adminQuery(text, values) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** 2,000 tag names, two words each. */
function tagNames() {
  const first = ['Ambient', 'Deep', 'Dark', 'Lo-Fi', 'Acid', 'Dub', 'Minimal', 'Cosmic', 'Broken', 'Slow', 'Warm', 'Cold', 'Tape', 'Modular', 'Live',
    'Field', 'Night', 'Sunday', 'Hazy', 'Bright', 'Heavy', 'Soft', 'Raw', 'Glitch', 'Orchestral', 'Vocal', 'Piano', 'Guitar', 'Drone', 'Noise',
    'Folk', 'Jazz', 'Soul', 'Funk', 'Disco', 'Garage', 'Grime', 'Trap', 'Drill', 'Baroque'];
  const second = ['House', 'Techno', 'Beats', 'Loops', 'Sketch', 'Demo', 'Remix', 'Edit', 'Session', 'Jam', 'Study', 'Waves', 'Room', 'Drive', 'Walk',
    'Rain', 'Pop', 'Wave', 'Core', 'Step', 'Bass', 'Breaks', 'Tones', 'Pads', 'Choir', 'Strings', 'Keys', 'Horns', 'Tapes', 'Dreams', 'Hymns',
    'Songs', 'Suite', 'Etude', 'Cuts', 'Dubs', 'Versions', 'Takes', 'Mixes', 'Sounds', 'Moods', 'Scenes', 'Nights', 'Days', 'Hours', 'Years',
    'Rooms', 'Fields', 'Lines', 'Forms'];
  const names = [];
  for (let i = 0; names.length < TAGS; i++) names.push(`${first[i % first.length]} ${second[Math.floor(i / first.length) % second.length]}`);
  return names;
}

/**
 * Waveforms of `pairs` min/max pairs, a few shapes shared by all tracks. The 10^5 community's
 * grown tracks take 400 pairs, what lists show, to keep its log to a size the machine writes in
 * minutes: lists read only the list resolution, and the full one lives in its own table.
 */
function waveforms(count, pairs) {
  return Array.from({ length: count }, (_, w) => {
    const data = [];
    for (let i = 0; i < pairs; i++) {
      const level = Math.min(1, (0.35 + 0.45 * Math.sin((Math.PI * i) / pairs) ** 0.5) * (i % (6 + w) === 0 ? 1.25 : 0.8 + 0.2 * Math.abs(Math.sin(i * (w + 3)))));
      data.push(-Math.round(level * 950) / 1000, Math.round(level * 1000) / 1000);
    }
    return data;
  });
}

/** A site on the size's own database and bus names, the same on every run. */
export async function namedSite(size) {
  const database = `stardeck_catalogue_${size}`;
  const exists = (await adminQuery('select 1 from pg_database where datname = $1', [database])).length > 0;
  const stream = `STARDECK_CATALOGUE_${size.toUpperCase()}`;
  const subjects = `catalogue${size}.events`;
  if (!exists) {
    // A new database starts a new log: a bus stream left from an earlier one would replay old events.
    await deleteJetStream(NATS_URL, stream).catch(() => undefined);
    await deleteJetStream(NATS_URL, transcodeQueueNames(stream, subjects).stream).catch(() => undefined);
    await adminQuery(`CREATE DATABASE ${database}`);
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${database}`;
  const env = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'stardeck-catalogue-')), LOG_LEVEL: 'silent', HOST: '127.0.0.1',
    STARDECK_ADMIN_EMAIL: 'admin@bench.example', STARDECK_ADMIN_PASSWORD: 'bench-admin-pw', DATABASE_URL: url.toString(), NATS_URL,
    NATS_STREAM: stream, NATS_SUBJECT_PREFIX: subjects,
    STARDECK_SECRET: createHash('sha256').update(`catalogue-${size}`).digest('hex'),
  };
  const servers = [];
  return {
    database,
    env,
    async start(roles) {
      const port = await freePort();
      const server = await startServer({ roles, env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
      servers.push(server);
      return server;
    },
    async stop(server) {
      servers.splice(servers.indexOf(server), 1);
      await server.close();
    },
    async close() {
      for (const server of servers.splice(0)) await server.close();
    },
  };
}

async function picksOf(db) {
  const { rows } = await sql`select to_regclass('bench_picks') is not null as ready`.execute(db);
  if (!rows[0].ready) return null;
  return (await sql`select picks from bench_picks`.execute(db)).rows[0]?.picks ?? null;
}

/** Uploads with their transcodes and plays, straight into the log until it holds the size's tracks and events. */
async function growLog(db, spec, onProgress) {
  const users = (await sql`select id from users where verified_at is not null and role = 'member' order by created_at, id`.execute(db)).rows.map((u) => u.id);
  const tags = (await sql`select id, name, slug from tags order by id`.execute(db)).rows.map((t) => ({ id: Number(t.id), name: t.name, slug: t.slug }));
  const peaks = JSON.stringify(waveforms(8, spec.waveformPairs ?? 1800));
  let tracks = Number((await sql`select count(*)::int as n from events where type = 'TrackUploaded'`.execute(db)).rows[0].n);
  while (tracks < spec.tracks) {
    const n = Math.min(CHUNK, spec.tracks - tracks);
    const { rows } = await sql`select nextval('track_id_seq') as id from generate_series(1, ${n}::int)`.execute(db);
    await sql`
      with t as (select id, random() as u, random() as v, 1 + floor(random() * 3)::int as tag_count from unnest(${rows.map((r) => Number(r.id))}::bigint[]) as id),
      picked as (
        -- Owners and tags by Zipf: a few members upload much, a few tags are on many tracks.
        select t.id, (${users}::text[])[floor(power(${users.length}::float, t.u))::int] as user_id,
          case when t.v < 0.85 then 'public' when t.v < 0.95 then 'unlisted' else 'private' end as visibility,
          (select jsonb_agg(distinct_tag) from (
            select distinct (${JSON.stringify(tags)}::jsonb) -> (floor(power(${tags.length}::float, random()))::int - 1) as distinct_tag
            from generate_series(1, t.tag_count)) x) as tag_refs,
          t.id % 8 as wave
        from t
      )
      insert into events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
      select 'track-' || p.id, v.version, v.type, v.schema_version, v.data,
        jsonb_build_object('actor', case when v.version = 1 then p.user_id else 'system' end, 'correlation_id', 'catalogue-' || p.id), gen_random_uuid()
      from picked p cross join lateral (values
        (1, 'TrackUploaded', ${version('TrackUploaded')}::int, jsonb_build_object(
          'track_id', p.id, 'user_id', p.user_id, 'title', 'Catalogue ' || (array['Night', 'Tide', 'Signal', 'Dust', 'Orbit'])[1 + p.id % 5] || ' ' || p.id,
          'slug', 'catalogue-' || p.id, 'description', case when p.id % 3 = 0 then 'recorded live' else null end,
          'visibility', p.visibility, 'parent_id', null, 'tags', coalesce(p.tag_refs, '[]'::jsonb), 'filename', 'catalogue.mp3', 'mimetype', 'audio/mpeg',
          'extension', 'mp3', 'filesize', 4000000, 'source_key', 'sources/' || p.user_id || '/catalogue-' || p.id || '.mp3', 'lossless', false, 'artwork', null)),
        (2, 'TrackTranscoded', ${version('TrackTranscoded')}::int, jsonb_build_object(
          'track_id', p.id, 'duration', 180, 'bitrate', 128, 'peaks_key', 'peaks/' || p.id || '.json',
          'renditions', jsonb_build_object(
            'standard', jsonb_build_object('key', 'renditions/' || p.id || '/standard.mp3', 'size', 2880000, 'mimetype', 'audio/mpeg', 'bitrate', 128, 'duration', 180),
            'high', jsonb_build_object('key', 'renditions/' || p.id || '/high.mp3', 'size', 7200000, 'mimetype', 'audio/mpeg', 'bitrate', 320, 'duration', 180),
            'lossless', null),
          'peaks', (${peaks}::jsonb) -> p.wave::int))
      ) as v(version, type, schema_version, data)
      order by p.id, v.version`.execute(db);
    tracks += n;
    onProgress(`tracks ${tracks}`);
  }
  let size = Number((await sql`select count(*)::bigint as n from events`.execute(db)).rows[0].n);
  for (let chunk = 0; size < spec.events; chunk++) {
    const n = Math.min(50_000, spec.events - size);
    const label = `${Date.now().toString(36)}${chunk}`;
    // Plays of public tracks (the read models do not hold the grown ones yet: the log is read), the
    // most played by Zipf over the catalogue in an order shuffled by a hash.
    await sql`
      with listed as (
        select array_agg((data ->> 'track_id')::bigint order by md5(data ->> 'track_id')) as ids, array_agg(data ->> 'user_id' order by md5(data ->> 'track_id')) as owners
        from events where type = 'TrackUploaded' and data ->> 'visibility' = 'public'
      ),
      p as (select i, floor(power(array_length(l.ids, 1)::float, random()))::int as rank from generate_series(1, ${n}::int) as i, listed l),
      picked as (select i, l.ids[rank] as track_id, l.owners[rank] as owner_id, (${users}::text[])[1 + floor(random() * ${users.length})::int] as user_id from p, listed l)
      insert into events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
      select 'listening-catalogue' || ${label} || '-' || i, 1, 'TrackPlayed', ${version('TrackPlayed')}::int,
        jsonb_build_object('track_id', track_id, 'user_id', user_id, 'track_owner_id', owner_id, 'quality', 'standard'),
        jsonb_build_object('actor', user_id, 'correlation_id', 'catalogue-play-' || ${label} || '-' || i), gen_random_uuid()
      from picked order by i`.execute(db);
    size += n;
    onProgress(`events ${size}`);
  }
}

/**
 * Members up to the size's count, straight into the log: each a copy of a seed member's sign-up
 * (AccountRegistered and AccountVerified) under a new id, username and email; and into the users
 * read model the row those two events make (replaying ten thousand sign-ups one event at a time
 * took longer than the rest of the community).
 */
async function growMembers(platform, spec, onProgress) {
  const { db } = platform.database;
  const have = Number((await sql`select count(*)::int as n from events where type = 'AccountRegistered' and data ->> 'role' = 'member'`.execute(db)).rows[0].n);
  const count = spec.members - have;
  if (count > 0) {
    await sql`
    with src as (
      select data, row_number() over (order by global_position) as n from events
      where type = 'AccountRegistered' and data ->> 'role' = 'member'
        and data ->> 'user_id' in (select id::text from users where verified_at is not null)
    ),
    k as materialized (select i, gen_random_uuid() as id from generate_series(1, ${count}::int) as i),
    picked as (select k.i, k.id, s.data from k join src s on s.n = 1 + (k.i - 1) % (select count(*) from src))
    insert into events (stream_id, stream_version, type, schema_version, data, metadata, event_id)
    select 'user-' || p.id, v.version, v.type, v.schema_version, v.data,
      jsonb_build_object('actor', 'anonymous', 'correlation_id', 'catalogue-member-' || p.id), gen_random_uuid()
    from picked p cross join lateral (values
      (1, 'AccountRegistered', ${version('AccountRegistered')}::int, p.data || jsonb_build_object('user_id', p.id,
        'username', (p.data ->> 'username') || 'c' || p.i, 'slug', (p.data ->> 'slug') || 'c' || p.i, 'email', 'c' || p.i || '.' || (p.data ->> 'email'),
        'invite_id', null)),
      (2, 'AccountVerified', ${version('AccountVerified')}::int, jsonb_build_object('user_id', p.id))
    ) as v(version, type, schema_version, data)
    order by p.i, v.version`.execute(db);
  }
  await sql`
    insert into users (id, email, username, slug, password_hash, role, tier, verified_at, created_at, version)
    select (e.data ->> 'user_id')::uuid, e.data ->> 'email', e.data ->> 'username', e.data ->> 'slug', e.data ->> 'password_hash', 'member',
      e.data ->> 'tier', e.recorded_at, e.recorded_at, 2
    from events e where e.type = 'AccountRegistered' and e.metadata ->> 'correlation_id' like 'catalogue-member-%'
    on conflict (id) do nothing`.execute(db);
  onProgress(`members ${spec.members}`);
}

/** Every read model the grown events feed, rebuilt from the log (inline ones too: the SQL wrote no read model). */
async function rebuildFor(platform, grown, onProgress) {
  const { store, bus, locks, database } = platform;
  await sql`update relay_state set last_xid = (select max(transaction_id) from events), last_position = (select max(global_position) from events)`.execute(database.db);
  await sql`update projection_checkpoints set last_xid = (select max(transaction_id) from events), last_position = (select max(global_position) from events)`.execute(database.db);
  await sql`analyze events`.execute(database.db);
  const models = [...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS];
  const admin = new ProjectionAdmin(models, store, bus, locks, createLogger('silent'));
  for (const projection of models.filter((p) => p.handles.some((type) => grown.includes(type)))) {
    const started = performance.now();
    const outcome = await admin.rebuild(projection.name);
    if (outcome.ran === 'owner') await admin.waitUntilLive(projection.name);
    onProgress(`rebuilt ${projection.name} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await sql`vacuum analyze`.execute(database.db);
}

/** The API's id of a pair's conversation (apps/api/src/conversations/conversations.service.ts). */
function conversationIdOf(a, b) {
  const [first, second] = conversationPair(a, b);
  const hex = createHash('sha256').update(`stardeck-conversation:${first}:${second}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Readers and pages to measure, written through the deciders: who follows 10 and 1,000 members, a conversation. */
async function settleReaders(store, db) {
  const verified = (await sql`
    select u.id, u.username, u.email from users u
    where u.verified_at is not null and u.role = 'member' and not exists (select 1 from subscriptions s where s.subscriber_id = u.id)
    order by u.created_at, u.id limit 2`.execute(db)).rows;
  if (verified.length < 2) throw new Error('no two verified members without subscriptions');
  const [few, many] = verified;
  const subjects = (await sql`
    select user_id from tracks where visibility = 'public' and status = 'ready' and user_id not in (${few.id}, ${many.id})
    group by user_id order by count(*) desc, user_id limit 1000`.execute(db)).rows.map((r) => r.user_id);
  for (const [reader, count] of [[few, 10], [many, 1000]]) {
    for (let start = 0; start < Math.min(count, subjects.length); start += 200) {
      await store.transaction(async (tx) => {
        for (const subject of subjects.slice(start, Math.min(start + 200, count))) {
          await handleCommand(store, tx, subscriptionDecider, profileStreamIds.subscription(reader.id, subject), {
            type: 'Subscribe', subscriber_id: reader.id, subject_id: subject,
          }, { actor: reader.id }, subscriptionsProjection);
        }
      });
    }
  }
  // The conversation: the first reader and the member with the most tracks, 300 messages.
  const partner = subjects[0];
  const id = conversationIdOf(few.id, partner);
  await store.transaction(async (tx) => {
    for (let i = 0; i < 300; i++) {
      const [from, to] = i % 2 ? [few.id, partner] : [partner, few.id];
      const { rows } = await sql`select nextval('direct_message_id_seq') as id`.execute(tx);
      await handleCommand(store, tx, conversationDecider, conversationStreamIds.conversation(id), {
        type: 'SendDirectMessage', conversation_id: id, message_id: Number(rows[0].id), sender_id: from, recipient_id: to,
        content: `message ${i} `.repeat(8), now: new Date(),
      }, { actor: from }, conversationsProjection);
    }
  });
  return { few, many, conversation: id, followed: { few: Math.min(10, subjects.length), many: Math.min(1000, subjects.length) } };
}

/**
 * A new size's database as a copy of a smaller size's finished one (made first if need be), its
 * picks left behind: the larger community grows from there.
 */
async function copySeed(size, from, onProgress) {
  const database = `stardeck_catalogue_${size}`;
  if ((await adminQuery('select 1 from pg_database where datname = $1', [database])).length > 0) return;
  const { site } = await openCommunity(from, onProgress);
  await site.close();
  const stream = `STARDECK_CATALOGUE_${size.toUpperCase()}`;
  await deleteJetStream(NATS_URL, stream).catch(() => undefined);
  await deleteJetStream(NATS_URL, transcodeQueueNames(stream, `catalogue${size}.events`).stream).catch(() => undefined);
  await adminQuery(`CREATE DATABASE ${database} TEMPLATE stardeck_catalogue_${from}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('drop table bench_picks');
  } finally {
    await client.end();
  }
  onProgress(`copied the ${from} community`);
}

/** What the bench reads, chosen once the community is whole. */
async function choosePicks(db, readers) {
  const one = async (query) => (await query.execute(db)).rows[0];
  const star = await one(sql`select u.id, u.username from tracks t join users u on u.id = t.user_id where t.visibility = 'public' and t.status = 'ready' group by u.id, u.username order by count(*) desc, u.id limit 1`);
  const tag = await one(sql`select tag_id as id from track_tags tt join tracks t on t.id = tt.track_id where t.visibility = 'public' and t.status = 'ready' group by tag_id order by count(*) desc limit 1`);
  const collection = await one(sql`select c.id from collections c join collection_tracks ct on ct.collection_id = c.id where c.visibility = 'public' group by c.id order by count(*) desc, c.id limit 1`);
  const notified = await one(sql`select u.id, u.email from notifications n join users u on u.id = n.recipient_id where u.verified_at is not null group by u.id, u.email order by count(*) desc limit 1`);
  return {
    star: { username: star.username }, tag: Number(tag.id), search: 'tide', collection: Number(collection.id), conversation: readers.conversation,
    readers: { few: readers.few.email, many: readers.many.email, notified: notified?.email ?? readers.few.email }, followed: readers.followed,
  };
}

/**
 * The size's community, generated on first use and kept in its database. Returns its site and
 * picks. `onProgress` gets a line at each step.
 */
export async function openCommunity(size, onProgress) {
  const spec = SIZES[size];
  if (!spec) throw new Error(`sizes are ${Object.keys(SIZES).join(', ')}`);
  if (spec.seedFrom) await copySeed(size, spec.seedFrom, onProgress);
  const site = await namedSite(size);
  const server = await site.start(['api', 'projector']);
  const { store, database } = server.platform;
  try {
    let picks = await picksOf(database.db);
    if (picks) return { site, picks, spec };
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
    const seeded = Number((await sql`select count(*)::int as n from users`.execute(database.db)).rows[0].n) > 1;
    if (!seeded && spec.seedFrom) throw new Error(`${size} has no copy of ${spec.seedFrom}`);
    if (!seeded) {
      await generateCommunity(store, { members: spec.members, events: spec.seedEvents, label: `cat${size.replace('e', 'x')}` });
      onProgress(`seed written through the deciders (${elapsed()})`);
    }
    await growMembers(server.platform, spec, (line) => onProgress(`${line} (${elapsed()})`));
    await store.transaction((tx) => tagRegistry.ensure(tx, tagNames()));
    await growLog(database.db, spec, (line) => onProgress(`${line} (${elapsed()})`));
    await rebuildFor(server.platform, ['TrackUploaded', 'TrackTranscoded', 'TrackPlayed'], (line) => onProgress(`${line} (${elapsed()})`));
    const readers = await settleReaders(store, database.db);
    const models = [...INLINE_PROJECTIONS, ...ASYNC_PROJECTIONS];
    const admin = new ProjectionAdmin(models, store, server.platform.bus, server.platform.locks, createLogger('silent'));
    await waitUntil(async () => (await admin.status()).filter((s) => s.kind === 'async').every((s) => s.status === 'live' && s.lag === 0), 1_800_000, 500);
    picks = await choosePicks(database.db, readers);
    await sql`create table bench_picks (picks jsonb not null)`.execute(database.db);
    await sql`insert into bench_picks values (${JSON.stringify(picks)}::jsonb)`.execute(database.db);
    onProgress(`community ready (${elapsed()})`);
    return { site, picks, spec };
  } finally {
    await site.stop(server);
  }
}
