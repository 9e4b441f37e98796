#!/usr/bin/env node
// Stream scale: how the cost of a GET /v1/stream page grows with what the reader follows. The
// stream is read from the subscriptions, follows and tracks themselves (no fan-out table), so a
// page reads every listed track of every member the reader subscribes to; this shows at what
// follow counts that stays cheap. Services mode, API only. Uses the compiled packages: run
// `npx tsc -b` first.
//
//   node bench/stream-scale.mjs [followed=10,100,1000] [tracks per member=3] [seconds=5] [connections=10]
//
// Readers subscribe to the first N members of a generated community, each of whom publishes the
// given number of tracks (through the track decider, as an upload and its transcode do). Side by
// side, the public track list GET /v1/tracks at the same page size, the hottest single-index list,
// is the baseline each stream figure is a ratio to.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { createSite, generateCommunity, load, publishTrack, signIn } from './support.mjs';

const require = createRequire(import.meta.url);
const { handleCommand, subscriptionDecider, subscriptionsProjection } = require('@stardeck/domain');
const { profileStreamIds } = require('@stardeck/contracts');

const followed = (process.argv[2] ?? '10,100,1000').split(',').map(Number);
const tracksPerMember = Number(process.argv[3] ?? 3);
const duration = Number(process.argv[4] ?? 5);
const connections = Number(process.argv[5] ?? 10);
const PAGE = 10;

async function measure(url, headers) {
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const site = await createSite('services');
try {
  const api = await site.start(['api']);
  const { store } = api.platform;
  const most = Math.max(...followed);
  const community = await generateCommunity(store, { members: most + followed.length + 10, events: (most + followed.length + 10) * 3 });
  const verified = community.members.filter((m) => m.verified);
  const readers = verified.slice(0, followed.length);
  const subjects = community.members.filter((m) => !readers.includes(m)).slice(0, most);
  if (subjects.length < most) throw new Error(`only ${subjects.length} members to follow`);

  let published = 0;
  for (const subject of subjects) {
    for (let i = 0; i < tracksPerMember; i++) await publishTrack(store, subject, `scale ${subject.username} ${i}`);
    published += tracksPerMember;
    process.stderr.write(`\r  publishing: ${published} tracks`);
  }
  process.stderr.write('\n');
  for (const [i, reader] of readers.entries()) {
    for (const subject of subjects.slice(0, followed[i])) {
      await store.transaction((tx) => handleCommand(store, tx, subscriptionDecider, profileStreamIds.subscription(reader.id, subject.id), {
        type: 'Subscribe', subscriber_id: reader.id, subject_id: subject.id,
        // Idempotent: a subscription the generated history already made appends nothing.
      }, { actor: reader.id }, subscriptionsProjection));
    }
  }

  const baseline = await measure(`${api.url}/v1/tracks?limit=${PAGE}`, {});
  console.log(`stream scale: GET /v1/stream?limit=${PAGE} against GET /v1/tracks?limit=${PAGE}, ${connections} connections, ${duration} s each`);
  console.log(`baseline GET /v1/tracks: ${baseline.rps.toFixed(0)} req/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
  console.log('| members followed | tracks in stream | sort | req/s | p50 | p99 | × /v1/tracks |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [i, reader] of readers.entries()) {
    const headers = { authorization: `Bearer ${await signIn(api.url, reader)}` };
    const total = (await (await fetch(`${api.url}/v1/stream?limit=1`, { headers })).json()).data.total;
    for (const sort of ['recent', 'popular']) {
      const figures = await measure(`${api.url}/v1/stream?limit=${PAGE}&sort=${sort}`, headers);
      console.log(`| ${followed[i]} | ${total} | ${sort} | ${figures.rps.toFixed(0)} | ${figures.p50} ms | ${figures.p99} ms | ${(figures.rps / baseline.rps).toFixed(2)}× |`);
    }
  }
  console.log(load());
} finally {
  await site.remove();
}
