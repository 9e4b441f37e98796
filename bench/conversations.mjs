#!/usr/bin/env node
// Direct-message reads at scale: the conversation list and a conversation's message page through
// the API, against a bare Fastify + pg handler running the same queries on the same database, with
// autocannon. Services mode. Uses the compiled packages: run `npx tsc -b` first.
//
//   node bench/conversations.mjs [conversations=10000] [members=500] [seconds=10] [connections=10]
//
// Conversations are written through the conversation decider and its inline projection, as the
// API writes them: every member the viewer can talk to has a conversation with them, the rest are
// between random other pairs. The viewer's busiest conversation gets 300 messages.
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { createSite, generateCommunity, load, signIn } from './support.mjs';
import { recordQueries, startBare } from './bare-replay.mjs';

const require = createRequire(import.meta.url);
const { conversationDecider, conversationPair, conversationsProjection, handleCommand } = require('@stardeck/domain');
const { conversationStreamIds } = require('@stardeck/contracts');
const { sql } = require('kysely');

const conversations = Number(process.argv[2] ?? 10_000);
const members = Number(process.argv[3] ?? 500);
const duration = Number(process.argv[4] ?? 10);
const connections = Number(process.argv[5] ?? 10);
const BUSY_MESSAGES = 300;
const PER_TRANSACTION = 200;

/** The API's id of a pair's conversation (apps/api/src/conversations/conversations.service.ts). */
function conversationIdOf(a, b) {
  const [first, second] = conversationPair(a, b);
  const hex = createHash('sha256').update(`stardeck-conversation:${first}:${second}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function writeConversations(store, pairs, busy) {
  const sends = pairs.map(([from, to], i) => ({ from, to, content: `hello ${i}` }));
  for (let i = 0; i < BUSY_MESSAGES; i++) sends.push({ from: i % 2 ? busy[0] : busy[1], to: i % 2 ? busy[1] : busy[0], content: `message ${i} `.repeat(8) });
  for (let start = 0; start < sends.length; start += PER_TRANSACTION) {
    await store.transaction(async (tx) => {
      for (const send of sends.slice(start, start + PER_TRANSACTION)) {
        const id = conversationIdOf(send.from, send.to);
        const { rows } = await sql`select nextval('direct_message_id_seq') as id`.execute(tx);
        await handleCommand(store, tx, conversationDecider, conversationStreamIds.conversation(id), {
          type: 'SendDirectMessage', conversation_id: id, message_id: Number(rows[0].id), sender_id: send.from, recipient_id: send.to,
          content: send.content, now: new Date(),
        }, { actor: send.from }, conversationsProjection);
      }
    });
    process.stderr.write(`\r  messages: ${Math.min(start + PER_TRANSACTION, sends.length)} / ${sends.length}`);
  }
  process.stderr.write('\n');
}

const cannon = (url, path, headers) => autocannon({ url: url + path, headers, connections, duration, workers: 1 });

async function main() {
  const site = await createSite('services');
  let bare = null;
  try {
    const seeding = await site.start(['api']);
    const history = await generateCommunity(seeding.platform.store, { members, events: members * 3 });
    const verified = history.members.filter((m) => m.verified);
    const [viewer, partner] = verified;
    // The viewer talks to everyone; the rest of the conversations are between distinct other pairs.
    const pairs = verified.slice(1).map((m) => [m.id, viewer.id]);
    const seen = new Set(pairs.map(([a, b]) => conversationPair(a, b).join()));
    for (let i = 1; pairs.length < conversations && i < verified.length; i++) {
      for (let j = i + 1; pairs.length < conversations && j < verified.length; j++) {
        const key = conversationPair(verified[i].id, verified[j].id).join();
        if (!seen.has(key)) {
          seen.add(key);
          pairs.push([verified[i].id, verified[j].id]);
        }
      }
    }
    if (pairs.length < conversations) throw new Error(`${verified.length} verified members make only ${pairs.length} conversations`);
    await writeConversations(seeding.platform.store, pairs, [viewer.id, partner.id]);
    await site.stop(seeding);
    const api = await site.start(['api']);

    const token = await signIn(api.url, viewer);
    const auth = { authorization: `Bearer ${token}` };
    const busyId = conversationIdOf(viewer.id, partner.id);
    const routes = [
      { name: 'GET /v1/conversations', path: '/v1/conversations?limit=20&offset=0' },
      { name: 'GET …/messages (load)', path: `/v1/conversations/${busyId}/messages?limit=1000&offset=0` },
      { name: 'GET …/messages (poll)', path: `/v1/conversations/${busyId}/messages?limit=50&offset=0&since_id=1` },
    ];
    const measured = [];
    for (const route of routes) {
      await fetch(api.url + route.path, { headers: auth });
      let response = null;
      const waves = await recordQueries(async () => { response = await fetch(api.url + route.path, { headers: auth }); });
      if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
      measured.push({ ...route, waves, bytes: (await response.arrayBuffer()).byteLength });
    }
    if (process.env.BENCH_VERBOSE) {
      for (const r of measured) console.log(r.name, r.waves.map((wave) => wave.map((q) => q.text.replace(/\s+/g, ' ').slice(0, 120))));
    }
    bare = await startBare(site.env.DATABASE_URL, measured.map((r, i) => ({ path: `/bare/${i}`, waves: r.waves })));

    const total = await (await fetch(`${api.url}/v1/conversations?limit=1`, { headers: auth })).json();
    console.log(`conversations: ${pairs.length} conversations among ${verified.length} members (the viewer in ${total.data.total}), ${BUSY_MESSAGES} messages in the busiest; autocannon ${connections} connections × ${duration} s each`);
    console.log('route                        queries  API req/s  bare req/s  ratio   API p50/p99 ms   bare p50/p99 ms  API bytes  bare bytes');
    for (const route of measured) {
      const barePath = `/bare/${measured.indexOf(route)}`;
      const bareBytes = (await (await fetch(bare.url + barePath)).arrayBuffer()).byteLength;
      await cannon(api.url, route.path, auth);
      await cannon(bare.url, barePath, {});
      const order = measured.indexOf(route) % 2 === 0 ? ['api', 'bare'] : ['bare', 'api'];
      const result = {};
      for (const side of order) result[side] = side === 'api' ? await cannon(api.url, route.path, auth) : await cannon(bare.url, barePath, {});
      const errors = result.api.non2xx + result.api.errors;
      if (errors) throw new Error(`${route.name}: ${errors} failed requests through the API`);
      const queries = route.waves.reduce((n, wave) => n + wave.length, 0);
      const ratio = result.api.requests.average / result.bare.requests.average;
      console.log(`${route.name.padEnd(28)} ${String(queries).padStart(7)} ${result.api.requests.average.toFixed(0).padStart(10)} ${result.bare.requests.average.toFixed(0).padStart(11)} ${ratio.toFixed(2).padStart(6)}x` +
        ` ${`${result.api.latency.p50}/${result.api.latency.p99}`.padStart(16)} ${`${result.bare.latency.p50}/${result.bare.latency.p99}`.padStart(17)} ${String(route.bytes).padStart(10)} ${String(bareBytes).padStart(11)}`);
    }
    console.log(load());
  } finally {
    await bare?.close();
    await site.remove();
  }
}

await main();
