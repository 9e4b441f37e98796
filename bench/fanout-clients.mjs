// The listening and sending side of bench/sonar-fanout.mjs, in a process of its own: a server's
// clients are never on its event loop, so its figures should not carry their decoding either.
// Given one job over IPC (a Sonar room or a raw ws server, how many listeners, the messages and
// the pace), it connects, sends, collects every delivery's latency and answers with the figures.
import { io } from 'socket.io-client';
import WebSocket from 'ws';

// Both processes read the same clock: the time origin plus the monotonic time since.
const now = () => performance.timeOrigin + performance.now();

/** Sends messages 0..messages-1 with `inFlight` outstanding at once; `send(m)` resolves on its acknowledgement. */
async function paced(messages, inFlight, send) {
  let next = 0;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (next < messages) await send(next++);
  }));
}

/** Resolves once every listener has every message, or after a minute with what arrived. */
function collector(expected) {
  const latencies = new Float64Array(expected);
  let arrived = 0;
  let done;
  const finished = new Promise((resolve) => (done = resolve));
  const timer = setTimeout(() => done(), 60_000);
  return {
    finished: finished.then(() => clearTimeout(timer)),
    receive(sentAt) {
      if (arrived < expected) latencies[arrived] = now() - sentAt;
      if (++arrived === expected) done();
    },
    result: () => ({ latencies: Array.from(latencies.subarray(0, Math.min(arrived, expected))), arrived }),
  };
}

async function sonar({ urls, listenToken, senderTokens, room, clients, messages, inFlight, perSender }) {
  const count = collector(clients * messages);
  const connect = (url, token) => io(`${url}/sonar`, { auth: { token, roomId: room }, transports: ['websocket'], reconnection: false, forceNew: true, timeout: 60_000 });
  const listeners = [];
  // One delivered message as clients get it: the raw run broadcasts payloads of this very shape.
  let sample = null;
  // A hundred at a time, as a crowd arriving rather than one burst (each join reads the history).
  for (let i = 0; i < clients; i++) {
    const socket = connect(urls[i % urls.length], listenToken);
    socket.on('new_message', (message) => {
      const sentAt = Number(/^t=([\d.]+)/.exec(message.content)?.[1]);
      if (!sentAt) return;
      sample ??= message;
      count.receive(sentAt);
    });
    listeners.push(new Promise((resolve, reject) => {
      socket.once('user_list', () => resolve(socket));
      socket.once('connect_error', reject);
    }));
    if (i % 100 === 99) await Promise.all(listeners.slice(-100));
  }
  const joined = await Promise.all(listeners);
  const senders = [];
  for (let s = 0; s < senderTokens.length; s++) {
    const socket = connect(urls[s % urls.length], senderTokens[s]);
    await new Promise((resolve, reject) => {
      socket.once('user_list', resolve);
      socket.once('connect_error', reject);
    });
    senders.push(socket);
  }
  const acks = [];
  const started = now();
  // Message m comes from sender m / perSender: each sender stays within its own rate limit.
  await paced(messages, inFlight, async (m) => {
    const sentAt = now();
    const reply = await senders[Math.floor(m / perSender)].emitWithAck('message', { content: `t=${sentAt} #${m}` });
    acks.push(now() - sentAt);
    if (!reply.ok) throw new Error(`message refused: ${reply.error}`);
  });
  await count.finished;
  const elapsed = now() - started;
  for (const socket of [...joined, ...senders]) socket.close();
  return { ...count.result(), elapsed, acks, sample };
}

/** `sample`: a message as Sonar delivers it; each broadcast payload is that message with its own id, content and time. */
async function raw({ url, clients, messages, inFlight, sample }) {
  const count = collector(clients * messages);
  const open = (listen) => new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.on('message', (data) => listen(JSON.parse(data.toString())));
    socket.once('open', () => resolve(socket));
  });
  const listeners = await Promise.all(Array.from({ length: clients }, () => open((message) => {
    count.receive(Number(message.content.split(' ')[0].slice(2)));
  })));
  const waiting = new Map();
  const senders = await Promise.all(Array.from({ length: inFlight }, () => open((message) => {
    if ('ack' in message) waiting.get(message.ack)?.();
  })));
  const acks = [];
  const started = now();
  await paced(messages, inFlight, (m) => new Promise((resolve) => {
    const sentAt = now();
    waiting.set(m, () => {
      acks.push(now() - sentAt);
      resolve();
    });
    senders[m % inFlight].send(JSON.stringify({ ...sample, id: m, content: `t=${sentAt} #${m}`, timestamp: new Date().toISOString() }));
  }));
  await count.finished;
  const elapsed = now() - started;
  for (const socket of [...listeners, ...senders]) socket.terminate();
  return { ...count.result(), elapsed, acks };
}

process.once('message', async (job) => {
  let answer;
  try {
    answer = { ok: true, ...(await (job.kind === 'sonar' ? sonar(job) : raw(job))) };
  } catch (error) {
    answer = { ok: false, error: String(error?.stack ?? error) };
  }
  // Disconnecting before the answer is written would drop it: a large one takes more than a turn.
  process.send(answer, () => process.disconnect());
});
