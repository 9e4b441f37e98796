#!/usr/bin/env node
// Catalogue scale: the hot reads at three sizes of community (10^3, 10^4 and 10^5 tracks), each
// through the API and through a hand-written Fastify + pg handler answering the same page with
// the best query written by hand (catalogue-bare.mjs), side by side at the same concurrency with
// autocannon. Services mode, API only (nothing projects meanwhile). Communities are generated on
// first use and kept, one database per size (catalogue-community.mjs). Uses the compiled
// packages: run `npx tsc -b` first.
//
//   node bench/catalogue-scale.mjs [sizes=1e3,1e4,1e5] [seconds=5] [connections=10] [routes=all]
//
// Prints, per size and route, req/s and p50 of both and their ratio; then each route's cost
// growth from the smallest size measured to the largest (its req/s there over its req/s here).
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { load, signIn } from './support.mjs';
import { openCommunity } from './catalogue-community.mjs';
import { bareRoutes, startHandWritten } from './catalogue-bare.mjs';

const sizes = (process.argv[2] ?? '1e3,1e4,1e5').split(',');
const duration = Number(process.argv[3] ?? 5);
const connections = Number(process.argv[4] ?? 10);
const only = process.argv[5] && process.argv[5] !== 'all' ? process.argv[5].split(',') : null;

function cannon(url, headers, seconds = duration) {
  return autocannon({ url, headers, connections, duration: seconds, workers: 1 });
}

/** The API's path and who reads it, for each route; the hand-written side serves `/{name}`. */
function apiRoutes(picks, search) {
  return [
    { name: 'newest', label: 'tracks, newest', path: '/v1/tracks?limit=20' },
    { name: 'popular', label: 'tracks, most played', path: '/v1/tracks?limit=20&sort_key=play_count' },
    { name: 'tag', label: 'tracks, by tag', path: `/v1/tracks?limit=20&tag_ids=${picks.tag}` },
    { name: 'search', label: 'tracks, search', path: `/v1/tracks?limit=20&search=${encodeURIComponent(search)}` },
    { name: 'profile', label: 'profile', path: `/v1/users/${picks.star.username}`, reader: 'few' },
    { name: 'discover', label: 'discover', path: '/v1/discover' },
    { name: 'tags', label: 'tag cloud', path: '/v1/tags' },
    { name: 'streamFew', label: `stream, ${picks.followed.few} followed`, path: '/v1/stream?limit=10', reader: 'few' },
    { name: 'streamMany', label: `stream, ${picks.followed.many} followed`, path: '/v1/stream?limit=10', reader: 'many' },
    { name: 'notifications', label: 'notifications', path: '/v1/notifications', reader: 'notified' },
    { name: 'collection', label: 'collection', path: `/v1/collections/${picks.collection}` },
    { name: 'conversation', label: 'conversation (300 messages)', path: `/v1/conversations/${picks.conversation}/messages`, reader: 'few' },
  ].filter((r) => !only || only.includes(r.name));
}

async function measureSize(size) {
  const { site, picks, spec } = await openCommunity(size, (line) => process.stderr.write(`  ${size}: ${line}\n`));
  let bare = null;
  try {
    const api = await site.start(['api']);
    const { db } = api.platform.database;
    const idOf = async (email) => (await sql`select id from users where email = ${email}`.execute(db)).rows[0].id;
    const ids = { few: await idOf(picks.readers.few), many: await idOf(picks.readers.many), notified: await idOf(picks.readers.notified) };
    // A search for one track by its title: what a member types to find it again, matching a few tracks at any size.
    ids.search = (await sql`select title from tracks where id >= 100 and title not like 'Catalogue %' and visibility = 'public' and status = 'ready' order by id limit 1`.execute(db)).rows[0].title;
    const counts = (await sql`select (select count(*) from tracks)::int as tracks, (select count(*) from users)::int as members, (select count(*) from events)::int as events`.execute(db)).rows[0];
    const headers = {};
    for (const reader of ['few', 'many', 'notified']) headers[reader] = { authorization: `Bearer ${await signIn(api.url, { email: picks.readers[reader], username: reader })}` };
    bare = await startHandWritten(site.env.DATABASE_URL, bareRoutes(picks, ids));
    console.log(`\n${size}: ${counts.tracks} tracks, ${counts.members} members, ${counts.events} events; autocannon ${connections} connections × ${duration} s each side`);
    console.log('| route | API req/s | hand-written req/s | ratio | API p50 | hand-written p50 | API bytes | hand-written bytes |');
    console.log('|---|---|---|---|---|---|---|---|');
    const results = {};
    for (const [i, route] of apiRoutes(picks, ids.search).entries()) {
      const apiHeaders = route.reader ? headers[route.reader] : {};
      const apiAnswer = await fetch(api.url + route.path, { headers: apiHeaders });
      if (!apiAnswer.ok) throw new Error(`${route.path} answered ${apiAnswer.status}: ${await apiAnswer.text()}`);
      const apiBytes = (await apiAnswer.arrayBuffer()).byteLength;
      const bareAnswer = await fetch(`${bare.url}/${route.name}`);
      if (!bareAnswer.ok) throw new Error(`hand-written ${route.name} answered ${bareAnswer.status}: ${await bareAnswer.text()}`);
      const bareBytes = (await bareAnswer.arrayBuffer()).byteLength;
      // Warm both, then measure one after the other, the hand-written side first on every other route.
      await cannon(api.url + route.path, apiHeaders, 1);
      await cannon(`${bare.url}/${route.name}`, {}, 1);
      const result = {};
      for (const side of i % 2 === 0 ? ['api', 'bare'] : ['bare', 'api']) {
        result[side] = side === 'api' ? await cannon(api.url + route.path, apiHeaders) : await cannon(`${bare.url}/${route.name}`, {});
        const failed = result[side].non2xx + result[side].errors;
        if (failed) throw new Error(`${route.label}: ${failed} failed requests (${side})`);
      }
      const ratio = result.api.requests.average / result.bare.requests.average;
      results[route.name] = { label: route.label, api: result.api.requests.average, bare: result.bare.requests.average };
      console.log(`| ${route.label} | ${result.api.requests.average.toFixed(0)} | ${result.bare.requests.average.toFixed(0)} | ${ratio.toFixed(2)}× |` +
        ` ${result.api.latency.p50} ms | ${result.bare.latency.p50} ms | ${apiBytes} | ${bareBytes} |`);
    }
    console.log(`${size}: ${load()}`);
    return { size, spec, results };
  } finally {
    await bare?.close();
    await site.close();
  }
}

const measured = [];
for (const size of sizes) measured.push(await measureSize(size));
if (measured.length > 1) {
  const [first, last] = [measured[0], measured.at(-1)];
  console.log(`\ncost per request, ${last.size} against ${first.size} (req/s there over req/s here; goal at most 1.5×):`);
  console.log('| route | API | hand-written |');
  console.log('|---|---|---|');
  for (const [name, small] of Object.entries(first.results)) {
    const large = last.results[name];
    if (large) console.log(`| ${small.label} | ${(small.api / large.api).toFixed(2)}× | ${(small.bare / large.bare).toFixed(2)}× |`);
  }
}
process.exit(0);
