#!/usr/bin/env node
// Sonar fan-out: messages posted into one room reach every socket in it. 1,000 Socket.IO clients
// join the room; senders post messages as fast as the rate limit lets each of them; every client
// records when each message arrived. Beside it, the same payloads through a raw `ws` broadcast
// (a server that sends every message it gets to all its clients), measured the same way.
// Figures: deliveries per second, and delivery p50/p99 (from the send to a client's receipt). The
// Sonar path also writes each message to the log and its read model, which a raw broadcast does not.
// Then the same with the clients split across two API processes (Postgres adapter).
//   node bench/sonar-fanout.mjs [clients=1000] [messages=100] [config=services]
import { createRequire } from 'node:module';
import { io } from 'socket.io-client';
import WebSocket, { WebSocketServer } from 'ws';
import { createSite, freePort, generateCommunity, load, percentile, signIn } from './support.mjs';

const require = createRequire(import.meta.url);
const { SONAR } = require('@stardeck/contracts');

const clients = Number(process.argv[2] ?? 1000);
const messages = Number(process.argv[3] ?? 100);
const config = process.argv[4] ?? 'services';
const perSender = SONAR.rateLimit.limit;
const senders = Math.ceil(messages / perSender);

function summary(name, latencies, deliveries, elapsedMs) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const rate = deliveries / (elapsedMs / 1000);
  console.log(`${name.padEnd(26)} ${String(deliveries).padStart(7)} deliveries in ${(elapsedMs / 1000).toFixed(2)} s  ${Math.round(rate).toString().padStart(8)}/s  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms`);
  return { rate, p99: percentile(sorted, 99) };
}

/** Resolves once every client has every message, or after a minute with what arrived. */
function collector(expected) {
  const latencies = [];
  let arrived = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const timer = setTimeout(() => done(), 60_000);
  return {
    latencies,
    finished: finished.then(() => clearTimeout(timer)),
    get arrived() { return arrived; },
    receive(sentAt) {
      latencies.push(performance.now() - sentAt);
      if (++arrived === expected) done();
    },
  };
}

/** `tokens[0]` for the listening clients, the rest one per sender (each sender's rate limit is its own). */
async function sonarRun(urls, tokens) {
  const room = `bench-${Date.now().toString(36)}`;
  const sockets = [];
  const count = collector(clients * messages);
  // Clients join a hundred at a time, as a crowd arriving rather than one burst (each join reads the history).
  for (let i = 0; i < clients; i++) {
    const socket = io(`${urls[i % urls.length]}/sonar`, {
      auth: { token: tokens[0], roomId: room }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 60_000,
    });
    socket.on('new_message', (message) => {
      const sentAt = Number(/^t=([\d.]+)/.exec(message.content)?.[1]);
      if (sentAt) count.receive(sentAt);
    });
    sockets.push(new Promise((resolve, reject) => {
      socket.once('user_list', () => resolve(socket));
      socket.once('connect_error', reject);
    }));
    if (i % 100 === 99) await Promise.all(sockets.slice(-100));
  }
  const joined = await Promise.all(sockets);
  const sending = [];
  for (let s = 0; s < senders; s++) {
    const socket = io(`${urls[s % urls.length]}/sonar`, { auth: { token: tokens[1 + s], roomId: room }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise((resolve) => socket.once('user_list', resolve));
    sending.push(socket);
  }
  const started = performance.now();
  await Promise.all(sending.map(async (socket, s) => {
    for (let m = s * perSender; m < Math.min(messages, (s + 1) * perSender); m++) {
      const reply = await socket.emitWithAck('message', { content: `t=${performance.now()} #${m}` });
      if (!reply.ok) throw new Error(`message refused: ${reply.error}`);
    }
  }));
  await count.finished;
  const elapsed = performance.now() - started;
  for (const socket of [...joined, ...sending]) socket.close();
  return { ...count, elapsed };
}

async function wsRun() {
  const port = await freePort();
  const server = new WebSocketServer({ port, host: '127.0.0.1' });
  server.on('connection', (socket) => socket.on('message', (data) => {
    // The payload a Sonar client gets: the message as JSON.
    const text = data.toString();
    for (const client of server.clients) client.send(text);
  }));
  const count = collector(clients * messages);
  const sockets = await Promise.all(Array.from({ length: clients + 1 }, () => new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    socket.on('message', (data) => {
      const sentAt = Number(JSON.parse(data.toString()).content.split(' ')[0].slice(2));
      count.receive(sentAt);
    });
    socket.once('open', () => resolve(socket));
  })));
  const sender = sockets.pop();
  const started = performance.now();
  for (let m = 0; m < messages; m++) {
    sender.send(JSON.stringify({ id: m, roomId: 'bench', content: `t=${performance.now()} #${m}`, userName: 'bench', timestamp: new Date().toISOString() }));
    // Senders wait for their own message's acknowledgement in Sonar; the nearest thing here is a turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await count.finished;
  const elapsed = performance.now() - started;
  for (const socket of sockets) socket.terminate();
  sender.terminate();
  await new Promise((resolve) => server.close(resolve));
  return { ...count, elapsed };
}

const site = await createSite(config);
try {
  const first = await site.start(['api']);
  const community = await generateCommunity(first.platform.store, { members: senders * 6 + 5, events: 0, label: 'sonarbench' });
  const members = community.members.filter((m) => m.verified).slice(0, 3 * senders + 1);
  if (members.length < 3 * senders + 1) throw new Error('too few verified members generated');
  const tokens = [];
  for (const member of members) {
    const access = await signIn(first.url, member);
    const res = await fetch(`${first.url}/v1/sonar/token`, { method: 'POST', headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' }, body: '{}' });
    tokens.push((await res.json()).data.token);
  }
  // Each run's senders are members of their own: a sender's rate limit outlasts a run.
  const group = (k) => [tokens[0], ...tokens.slice(1 + k * senders, 1 + (k + 1) * senders)];
  console.log(`${clients} clients, ${messages} messages from ${senders} senders (${config}); ${load()}`);
  const raw = wsRun();
  const rawResult = summary('raw ws broadcast', (await raw).latencies, (await raw).arrived, (await raw).elapsed);
  // A first small round warms up connections, JIT and the room's read model; its figures are not shown.
  await sonarRun([first.url], group(2));
  const one = await sonarRun([first.url], group(0));
  const oneResult = summary('sonar, one API process', one.latencies, one.arrived, one.elapsed);
  console.log(`  ratio to raw ws: ${(oneResult.rate / rawResult.rate).toFixed(2)}x (goal >= 0.5x), p99 ${oneResult.p99.toFixed(1)} ms (goal <= 50 ms)`);
  if (config === 'services') {
    const second = await site.start(['api']);
    const two = await sonarRun([first.url, second.url], group(1));
    const twoResult = summary('sonar, two API processes', two.latencies, two.arrived, two.elapsed);
    console.log(`  ratio to raw ws: ${(twoResult.rate / rawResult.rate).toFixed(2)}x, p99 ${twoResult.p99.toFixed(1)} ms`);
  }
} finally {
  await site.remove();
}
