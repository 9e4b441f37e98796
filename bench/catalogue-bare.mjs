// The hand-written side of bench/catalogue-scale.mjs: a plain Fastify (the one the API runs on)
// with a `pg` pool, answering each hot read with the best SQL written by hand for that page on the
// same database and read models: the page and its counts in one statement where one will do,
// Postgres building the JSON, no framework between the socket and the query. It reads the viewer
// from the route it was given (no token check, no session read): the API's cost of signing in is
// part of what the ratio measures.
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const fastify = createRequire(require.resolve('@nestjs/platform-fastify'))('fastify');

const LISTED = (t) => `${t}.visibility = 'public' and ${t}.status = 'ready'`;

/** A track card as the track view carries it, for the track `t` with `u` its owner, `p` their profile, `pc` its plays. */
function card(viewer) {
  return `json_build_object(
    'id', t.id, 'title', t.title, 'slug', t.slug, 'user_id', t.user_id, 'username', u.username, 'display_name', p.display_name,
    'duration_seconds', t.duration, 'filesize', t.filesize, 'created', t.created_at, 'updated', t.updated_at,
    'has_artwork', t.artwork_key is not null, 'visibility', t.visibility, 'status', t.status, 'description', t.description,
    'filename', t.filename, 'mimetype', t.mimetype, 'extension', t.extension, 'parent_id', t.parent_id, 'renditions', t.renditions,
    'analysis', json_build_object('bitrate', t.bitrate, 'play_count', coalesce(pc.play_count, 0), 'peaks', t.list_peaks,
      'peaks_url', '/v1/tracks/' || t.id || '/peaks', 'standard', json_build_object('duration', t.duration)),
    'play_count', coalesce(pc.play_count, 0),
    'tags', coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'slug', g.slug, 'usage_count', coalesce(uc.usage_count, 0)) order by tt.position)
      from track_tags tt join tags g on g.id = tt.tag_id left join tag_usage_counts uc on uc.tag_id = g.id where tt.track_id = t.id), '[]'),
    'in_library', ${viewer ? `exists (select 1 from library_entries l where l.track_id = t.id and l.user_id = ${viewer})` : 'false'},
    'saved_by_count', coalesce((select s.saved_by_count from track_save_counts s where s.track_id = t.id), 0),
    'in_collections_count', (select count(*) from collection_tracks ct join collections c on c.id = ct.collection_id
      where ct.track_id = t.id and ${LISTED('t')} and c.visibility = 'public'),
    'comment_count', coalesce((select cc.comment_count from track_comment_counts cc where cc.track_id = t.id), 0))`;
}

/** The cards of `page` (a query of tracks with a column `ord` to order by), as a json array. */
const cards = (page, viewer = null) => `(
  select coalesce(json_agg(${card(viewer)} order by t.ord), '[]') from (${page}) t
  join users u on u.id = t.user_id left join profiles p on p.user_id = t.user_id left join track_play_counts pc on pc.track_id = t.id)`;

const trackList = (page, total) => `select json_build_object('tracks', ${cards(page)}, 'total', ${total}) as body`;

/** Every route's statement(s), by the bench's route name; `$1`… are the route's own values. */
export function bareRoutes(picks, ids) {
  const few = ids.few;
  return {
    newest: [trackList(`select *, row_number() over (order by created_at desc, id desc) as ord from (
      select * from tracks where ${LISTED('tracks')} order by created_at desc, id desc limit 20) x`, `(select coalesce(max(value), 0) from track_totals where key = 'listed')`)],
    popular: [trackList(`select t.*, row_number() over (order by pc.play_count desc, pc.track_id desc) as ord from (
      select pc.play_count, pc.track_id from track_play_counts pc join tracks t on t.id = pc.track_id where ${LISTED('t')}
      order by pc.play_count desc, pc.track_id desc limit 20) pc join tracks t on t.id = pc.track_id`, `(select coalesce(max(value), 0) from track_totals where key = 'listed')`)],
    tag: [trackList(`select *, row_number() over (order by created_at desc, id desc) as ord from (
      select t.* from tracks t where ${LISTED('t')} and exists (select 1 from track_tags tt where tt.track_id = t.id and tt.tag_id = ${picks.tag})
      order by t.created_at desc, t.id desc limit 20) x`, `(select coalesce(max(listed_count), 0) from tag_usage_counts where tag_id = ${picks.tag})`)],
    search: [`with found as (
        select t.* from tracks t where ${LISTED('t')} and t.id in (
          select id from tracks where title ilike $1 union select id from tracks where description ilike $1
          union select o.id from users n join tracks o on o.user_id = n.id where n.username ilike $1))
      select json_build_object('tracks', ${cards('select *, row_number() over (order by created_at desc, id desc) as ord from (select * from found order by created_at desc, id desc limit 20) x')},
        'total', (select count(*) from found)) as body`, [`%${ids.search}%`]],
    profile: [`select json_build_object(
        'id', u.id, 'username', u.username, 'slug', u.slug, 'role', u.role, 'tier', u.tier, 'created', u.created_at, 'display_name', p.display_name,
        'bio', p.bio, 'avatar_key', p.avatar_key, 'banner_key', p.banner_key, 'config', coalesce(p.config, '{}'), 'links', coalesce(p.links, '[]'),
        'stats', json_build_object(
          'audio_count', coalesce((select case when m.user_id = $2 then m.tracks else m.listed end from member_track_counts m where m.user_id = u.id), 0),
          'library_count', (select count(*) from library_entries l join tracks t on t.id = l.track_id where l.user_id = u.id and (${LISTED('t')} or t.user_id = $2)),
          'comments_count', (select count(*) from comments c join tracks t on t.id = c.track_id where c.author_id = u.id
            and (t.user_id = $2 or (t.visibility != 'private' and t.status != 'failed'))),
          'subscriber_count', coalesce(sc.subscribers, 0), 'subscription_count', coalesce(sc.subscriptions, 0)),
        'is_subscribed', exists (select 1 from subscriptions s where s.subscriber_id = $2 and s.subject_id = u.id),
        'has_conversation', exists (select 1 from conversation_members cm where cm.user_id = $2 and cm.other_user_id = u.id)) as body
      from users u left join profiles p on p.user_id = u.id left join subscription_counts sc on sc.user_id = u.id
      where lower(u.username) = lower($1) and u.verified_at is not null`, [picks.star.username, few]],
    discover: [
      trackList(`select *, row_number() over (order by created_at desc, id desc) as ord from (
        select * from tracks where ${LISTED('tracks')} order by created_at desc, id desc limit 5) x`, `(select coalesce(max(value), 0) from track_totals where key = 'listed')`),
      `select json_agg(x) as body from (
        select u.id, u.username, u.slug, u.created_at, p.display_name, p.bio, p.avatar_key, mp.last_seen_at, coalesce(sc.subscribers, 0) as subscriber_count,
          coalesce(m.listed, 0) as audio_count
        from (select id from users where verified_at is not null order by created_at desc, id desc limit 1) n
        join users u on u.id = n.id left join profiles p on p.user_id = u.id left join member_presence mp on mp.user_id = u.id
        left join subscription_counts sc on sc.user_id = u.id left join member_track_counts m on m.user_id = u.id
        union all
        select u.id, u.username, u.slug, u.created_at, p.display_name, p.bio, p.avatar_key, a.last_seen_at, coalesce(sc.subscribers, 0), coalesce(m.listed, 0)
        from (select mp.user_id, mp.last_seen_at from member_presence mp join users u on u.id = mp.user_id where u.verified_at is not null
          order by mp.last_seen_at desc, u.id limit 10) a
        join users u on u.id = a.user_id left join profiles p on p.user_id = u.id
        left join subscription_counts sc on sc.user_id = u.id left join member_track_counts m on m.user_id = u.id) x`,
      `select json_agg(x) as body from (select g.id, g.name, g.slug, u.usage_count from tag_usage_counts u join tags g on g.id = u.tag_id
        where u.usage_count >= 2 order by u.usage_count desc, u.name_key limit 42) x`,
      `with c as (select * from collections c where c.visibility = 'public' and exists (select 1 from collection_tracks ct join tracks t on t.id = ct.track_id
          where ct.collection_id = c.id and ${LISTED('t')}) order by c.updated_at desc, c.id desc limit 1)
        select json_build_object('collection', (select row_to_json(c) from c), 'tracks', ${cards(`select t.*, ct.position as ord from c
          join collection_tracks ct on ct.collection_id = c.id join tracks t on t.id = ct.track_id where ${LISTED('t')} order by ct.position limit 5`)}) as body`,
      `select json_build_object('users', (select count(*) from users where verified_at is not null),
        'collections', (select count(*) from collections where visibility = 'public')) as body`,
    ],
    tags: [`select json_build_object('tags', (select json_agg(x) from (
        select g.id, g.name, g.slug, u.usage_count, u.unique_artists from tag_usage_counts u join tags g on g.id = u.tag_id
        where u.usage_count >= 1 order by u.usage_count desc, u.name_key limit 20) x),
      'unique_artists', (select coalesce(max(value), 0) from tag_usage_totals where key = 'unique_artists')) as body`],
    streamFew: [stream(), [few]],
    streamMany: [stream(), [ids.many]],
    notifications: [`with mine as (
        select n.* from notifications n
        where n.recipient_id = $1
          and n.source_position > coalesce((select through_position from notification_clears where user_id = $1), 0)
          and not exists (select 1 from notification_dismissals d where d.user_id = $1 and d.notification_id = n.id)
          and (n.track_id is null or exists (select 1 from tracks t where t.id = n.track_id and (t.user_id = $1 or (t.visibility != 'private' and t.status != 'failed'))))
          and (n.comment_id is null or exists (select 1 from comments c where c.id = n.comment_id))
          and (n.collection_id is null or exists (select 1 from collections c where c.id = n.collection_id and (c.user_id = $1 or c.visibility != 'private'))))
      select json_build_object('total', (select count(*) from mine), 'notifications', (select json_agg(x order by x.source_position desc) from (
        select n.id, n.action, n.created_at, n.source_position, json_build_object('id', a.id, 'username', a.username, 'display_name', ap.display_name) as actor,
          t.id as track_id, t.title as track_title, t.slug as track_slug, c.text as comment_text, th.text as thread_text, co.name as collection_name
        from (select * from mine order by source_position desc limit 20) n
        join users a on a.id = n.actor_id left join profiles ap on ap.user_id = a.id left join tracks t on t.id = n.track_id
        left join comments c on c.id = n.comment_id left join comments th on th.id = n.thread_id left join collections co on co.id = n.collection_id) x),
        'unread_messages', (select unread_count from member_message_counts where user_id = $1)) as body`, [ids.notified]],
    collection: [`with c as (select * from collections where id = $1 and visibility != 'private')
      select json_build_object('collection', (select row_to_json(c) from c),
        'owner', (select json_build_object('username', u.username, 'display_name', p.display_name, 'avatar_key', p.avatar_key) from c join users u on u.id = c.user_id left join profiles p on p.user_id = u.id),
        'followers', (select count(*) from collection_follows f where f.collection_id = $1),
        'track_count', (select count(*) from collection_tracks ct join tracks t on t.id = ct.track_id where ct.collection_id = $1 and ${LISTED('t')}),
        'tracks', ${cards(`select t.*, ct.position as ord from collection_tracks ct join tracks t on t.id = ct.track_id
          where ct.collection_id = ${Number(picks.collection)} and ${LISTED('t')} order by ct.position limit 20`)}) as body`, [picks.collection]],
    conversation: [`select json_build_object(
        'conversation', (select json_build_object('id', cm.conversation_id, 'other_user', json_build_object('id', o.id, 'username', o.username, 'slug', o.slug,
            'display_name', op.display_name, 'avatar_key', op.avatar_key), 'unread_count', cm.unread_count, 'updated', cm.last_message_at,
            'last_message', json_build_object('id', l.id, 'sender_id', l.sender_id, 'content', l.content, 'created', l.created_at))
          from conversation_members cm join conversations c on c.id = cm.conversation_id join users o on o.id = cm.other_user_id
          left join profiles op on op.user_id = o.id left join direct_messages l on l.id = c.last_message_id
          where cm.user_id = $2 and cm.conversation_id = $1),
        'messages', (select json_agg(m order by m.id desc) from (select id, conversation_id, sender_id, content, created_at as created from direct_messages
          where conversation_id = $1 order by id desc limit 1000) m),
        'total', (select count(*) from direct_messages where conversation_id = $1)) as body`, [picks.conversation, few]],
  };
}

/**
 * A stream page by hand: the newest ten listed tracks of each member followed (their own index,
 * ten rows each) and the adds to followed collections, merged; the length of the whole stream from
 * the members' listed-track counts and the adds by members not followed.
 */
function stream() {
  return `with subs as (select subject_id from subscriptions where subscriber_id = $1),
    adds as (
      select ct.track_id, max(ct.added_at) as entered_at from collection_follows f join collections c on c.id = f.collection_id
      join collection_tracks ct on ct.collection_id = f.collection_id join tracks t on t.id = ct.track_id
      where f.user_id = $1 and (c.visibility != 'private' or c.user_id = $1) and (${LISTED('t')} or t.user_id = $1) group by ct.track_id),
    uploads as (
      select r.id as track_id, r.created_at as entered_at from subs s cross join lateral (
        select t.id, t.created_at from tracks t where t.user_id = s.subject_id and (${LISTED('t')} or t.user_id = $1)
        order by t.created_at desc limit 10) r),
    entries as (select track_id, max(entered_at) as streamed_at from (select * from uploads union all select * from adds) e group by track_id),
    page as (select e.track_id, e.streamed_at from entries e order by e.streamed_at desc, e.track_id desc limit 10)
    select json_build_object(
      'total', (select coalesce(sum(m.listed), 0) from subs s join member_track_counts m on m.user_id = s.subject_id)
        + (select count(*) from adds a join tracks t on t.id = a.track_id where t.user_id not in (select subject_id from subs)),
      'tracks', ${cards('select t.*, row_number() over (order by page.streamed_at desc, page.track_id desc) as ord from page join tracks t on t.id = page.track_id', '$1')}) as body`;
}

/** The Fastify serving the routes: `routes` maps each bench route name to its path on this server. */
export async function startHandWritten(databaseUrl, statements) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = fastify({ logger: false });
  for (const [name, parts] of Object.entries(statements)) {
    // A route is either [sql, values] or, for discover, several statements sent side by side.
    const queries = Array.isArray(parts[1]) || parts.length === 1 ? [[parts[0], parts[1] ?? []]] : parts.map((text) => [text, []]);
    app.get(`/${name}`, async (request, reply) => {
      // Postgres sends the JSON as text, spliced into the answer unparsed.
      const results = await Promise.all(queries.map(([text, values]) => pool.query(`select body::text as body from (${text}) q`, values)));
      void reply.header('content-type', 'application/json; charset=utf-8');
      const bodies = results.map((r) => r.rows[0]?.body ?? 'null');
      return `{"status":"success","data":${bodies.length === 1 ? bodies[0] : `[${bodies.join(',')}]`}}`;
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${app.server.address().port}`, close: async () => { await app.close(); await pool.end(); } };
}
