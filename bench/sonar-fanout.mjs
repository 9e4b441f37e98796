#!/usr/bin/env node
// Sonar fan-out: messages posted into one room reach every socket in it. 1,000 Socket.IO clients
// join the room, from a process of their own (bench/fanout-clients.mjs), as clients on other
// machines would never share the server's event loop; senders post messages, each sent as soon as an earlier one is acknowledged, with
// a fixed number in flight at once (the pace); every client records when each message arrived.
// Beside it, the same payloads (a message as Sonar delivered it in the warm-up round) through a raw `ws` broadcast (a server that sends every message it
// gets to all its clients, then acknowledges it to its sender), at the same pace, measured the
// same way. Two paces: one message in flight (a room where each message follows the last) and
// ten (senders outrunning the fan-out: the room saturated, its queue in the latency).
// Figures: deliveries per second, and delivery p50/p99 (from the send to a client's receipt). The
// Sonar path also writes each message to the log and its read model, which a raw broadcast does not.
// Then the same with the clients split across two API processes (Postgres adapter): this one's
// server and a second started as `npm run start:api` would start it. The clients'
// process is the same for both paths, so its cost weighs on both columns alike.
//   node bench/sonar-fanout.mjs [clients=1000] [messages=100] [config=services] [paces=1,10]
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { WebSocketServer } from 'ws';
import { createSite, freePort, generateCommunity, load, percentile, signIn } from './support.mjs';

const require = createRequire(import.meta.url);
const { SONAR } = require('@stardeck/contracts');

const clients = Number(process.argv[2] ?? 1000);
const messages = Number(process.argv[3] ?? 100);
const config = process.argv[4] ?? 'services';
const paces = (process.argv[5] ?? '1,10').split(',').map(Number);
const perSender = SONAR.rateLimit.limit;
const senders = Math.ceil(messages / perSender);

function summary(name, { latencies, arrived, elapsed, acks }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const rate = arrived / (elapsed / 1000);
  acks.sort((a, b) => a - b);
  console.log(`${name.padEnd(26)} ${String(arrived).padStart(7)} deliveries in ${(elapsed / 1000).toFixed(2)} s  ${Math.round(rate).toString().padStart(8)}/s  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  (acknowledged p50 ${percentile(acks, 50).toFixed(1)} ms)`);
  return { rate, p99: percentile(sorted, 99) };
}

/** Runs one job in the clients' own process (bench/fanout-clients.mjs) and returns its figures. */
function inClientProcess(job) {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./fanout-clients.mjs', import.meta.url), [], { stdio: 'inherit' });
    child.once('message', (answer) => (answer.ok ? resolve(answer) : reject(new Error(answer.error))));
    child.once('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`the clients' process ended (${signal ?? code}) before answering`)));
    child.send({ ...job, clients, messages, perSender });
  });
}

/** Sonar: `tokens[0]` for the listening clients, the rest one per sender (each sender's rate limit is its own). */
function sonarRun(urls, tokens, inFlight) {
  const room = `bench-${Date.now().toString(36)}`;
  return inClientProcess({ kind: 'sonar', urls, listenToken: tokens[0], senderTokens: tokens.slice(1), room, inFlight });
}

/** The baseline: a server that sends every message it gets to all its clients, then acknowledges it to the sender. */
async function wsRun(inFlight, sample) {
  const port = await freePort();
  const server = new WebSocketServer({ port, host: '127.0.0.1' });
  server.on('connection', (socket) => socket.on('message', (data) => {
    // The payload a Sonar client gets: the message as JSON.
    const text = data.toString();
    for (const client of server.clients) client.send(text);
    socket.send(JSON.stringify({ ack: JSON.parse(text).id }));
  }));
  try {
    return await inClientProcess({ kind: 'raw', url: `ws://127.0.0.1:${port}`, inFlight, sample });
  } finally {
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
}

const site = await createSite(config);
try {
  const first = await site.start(['api']);
  // Every run's senders are members of their own: a sender's rate limit outlasts a run.
  const runs = 1 + paces.length * (config === 'services' ? 2 : 1);
  const community = await generateCommunity(first.platform.store, { members: senders * runs * 2 + 5, events: 0, label: 'sonarbench' });
  const members = community.members.filter((m) => m.verified).slice(0, runs * senders + 1);
  if (members.length < runs * senders + 1) throw new Error('too few verified members generated');
  const tokens = [];
  for (const member of members) {
    const access = await signIn(first.url, member);
    const res = await fetch(`${first.url}/v1/sonar/token`, { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: '{}' });
    const body = await res.json();
    if (!body.data?.token) throw new Error(`chat token for ${member.username} answered ${res.status}: ${JSON.stringify(body)}`);
    tokens.push(body.data.token);
  }
  let groups = 0;
  const group = () => [tokens[0], ...tokens.slice(1 + groups * senders, 1 + ++groups * senders)];
  console.log(`${clients} clients, ${messages} messages from ${senders} senders (${config}); ${load()}`);
  // A first round warms up connections, JIT and the room's read model; its figures are not shown.
  const { sample } = await sonarRun([first.url], group(), 10);
  // The second API runs in a process of its own, as a deployment's would: two servers in this
  // process would share one event loop and queue each other's broadcasts.
  const second = config === 'services' ? await site.spawnApi() : null;
  for (const inFlight of paces) {
    console.log(`\n${inFlight} message${inFlight === 1 ? '' : 's'} in flight; ${load()}`);
    const rawResult = summary('raw ws broadcast', await wsRun(inFlight, sample));
    const oneResult = summary('sonar, one API process', await sonarRun([first.url], group(), inFlight));
    console.log(`  ratio to raw ws: ${(oneResult.rate / rawResult.rate).toFixed(2)}x (goal >= 0.5x), p99 ${oneResult.p99.toFixed(1)} ms (goal <= 50 ms)`);
    if (second) {
      const twoResult = summary('sonar, two API processes', await sonarRun([first.url, second.url], group(), inFlight));
      console.log(`  ratio to raw ws: ${(twoResult.rate / rawResult.rate).toFixed(2)}x, p99 ${twoResult.p99.toFixed(1)} ms`);
    }
  }
} finally {
  await site.remove();
}
