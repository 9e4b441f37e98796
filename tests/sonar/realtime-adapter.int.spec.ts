import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localFirstPostgresAdapter } from '@stardeck/api';
import pg from 'pg';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/services';

/** How long the NOTIFY queries of the slowed process take: far longer than any local write. */
const NOTIFY_DELAY_MS = 600;

interface Node {
  io: Server;
  http: HttpServer;
  pool: pg.Pool;
  url: string;
}

/** How long a slowed LISTEN takes: long enough to close the adapter while it waits. */
const LISTEN_DELAY_MS = 1000;

interface Slowed {
  /** Every NOTIFY query waits NOTIFY_DELAY_MS, as on a busy database. */
  notify?: boolean;
  /** Every LISTEN waits LISTEN_DELAY_MS once this returns true; `listening` is called as it starts. */
  listen?: { when: () => boolean; listening: () => void };
}

/**
 * One API process's realtime side as production builds it: a Socket.IO server on the Postgres
 * adapter, with a pool of its own, slowed where a test asks.
 */
async function startNode(db: TestDatabase, slow: Slowed = {}): Promise<Node> {
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const slowListen = slow.listen;
  if (slowListen) {
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('LISTEN') && slowListen.when()) {
          slowListen.listening();
          await new Promise((resolve) => setTimeout(resolve, LISTEN_DELAY_MS));
        }
        return query(...args);
      };
    });
  }
  if (slow.notify) {
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('pg_notify')) await new Promise((resolve) => setTimeout(resolve, NOTIFY_DELAY_MS));
      return query(...args);
    };
  }
  const http = createServer();
  const server = new Server(http, { serveClient: false });
  server.adapter(localFirstPostgresAdapter(pool, {}));
  server.on('connection', (socket) => void socket.join('room'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { io: server, http, pool, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** A client in the room that notes when each `note` arrives. */
async function listener(node: Node): Promise<{ socket: Socket; heard: Array<{ text: string; at: number }> }> {
  const socket = io(node.url, { transports: ['websocket'], reconnection: false, forceNew: true });
  const heard: Array<{ text: string; at: number }> = [];
  socket.on('note', (text: string) => heard.push({ text, at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

/** What pg_terminate_backend (or a Postgres restart) does to every connection to the database. */
async function endEveryConnection(db: TestDatabase): Promise<number> {
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await admin.end();
  return ended.rowCount ?? 0;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Each of `group` knows all `total` processes on the database (their heartbeats went through
 * LISTEN). A process that was not listening yet when the others answered its first heartbeat
 * learns of them at their next one, five seconds on, so this waits for two of those.
 */
async function knowEachOther(group: Node[], total = group.length): Promise<void> {
  for (const node of group) {
    let servers = 0;
    await until(() => {
      void node.io.of('/').adapter.serverCount().then((n) => (servers = n));
      return servers === total;
    }, 12_000);
  }
}

describe('the realtime adapter across API processes', () => {
  let db: TestDatabase;
  const nodes: Node[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const node of nodes) {
      await node.io.close();
      await node.pool.end();
    }
    await db?.drop();
  });

  it("writes a broadcast to its own process's sockets without waiting for the database, and the other processes still get it, in order", async () => {
    const slowed = await startNode(db, { notify: true });
    const other = await startNode(db);
    nodes.push(slowed, other);
    const near = await listener(slowed);
    const far = await listener(other);
    sockets.push(near.socket, far.socket);
    await knowEachOther([slowed, other]);

    const sentAt = Date.now();
    for (const text of ['one', 'two', 'three']) slowed.io.to('room').emit('note', text);

    await until(() => near.heard.length === 3);
    expect(near.heard.map((h) => h.text)).toEqual(['one', 'two', 'three']);
    // Before: every local write waited for its NOTIFY (600 ms each, one after the other).
    expect(near.heard[2]!.at - sentAt).toBeLessThan(NOTIFY_DELAY_MS / 2);

    await until(() => far.heard.length === 3);
    expect(far.heard.map((h) => h.text)).toEqual(['one', 'two', 'three']);
    expect(far.heard[0]!.at - sentAt).toBeGreaterThanOrEqual(NOTIFY_DELAY_MS - 50);

    // A broadcast of the other process reaches the slowed one's socket too.
    other.io.to('room').emit('note', 'back');
    await until(() => near.heard.some((h) => h.text === 'back'));
    expect(far.heard.map((h) => h.text)).toContain('back');
  });

  it('survives Postgres ending its connections, and carries broadcasts between processes again once it has listened anew', async () => {
    const first = await startNode(db);
    const second = await startNode(db);
    nodes.push(first, second);
    const far = await listener(second);
    sockets.push(far.socket);
    await knowEachOther([first, second], nodes.length);

    expect(await endEveryConnection(db)).toBeGreaterThanOrEqual(4);

    // Before: the LISTEN client's 'error' had no listener, and this test process died of it.
    // The adapter listens again within about three seconds; until then a broadcast may not cross.
    let round = 0;
    await until(() => {
      if (far.heard.some((h) => h.text.startsWith('after restart'))) return true;
      first.io.to('room').emit('note', `after restart ${++round}`);
      return false;
    }, 15_000);
    expect(round).toBeGreaterThan(0);
  });

  it('closes while it is listening anew after a restart: its pool ends, and it tries to listen no more', async () => {
    // A database of its own: the other tests' processes would answer its restart too.
    const own = await createTestDatabase();
    onTestFinished(() => own.drop());
    let restarted = false;
    let listening = false;
    const node = await startNode(own, { listen: { when: () => restarted, listening: () => (listening = true) } });
    const watcher = new pg.Client({ connectionString: own.url });
    await watcher.connect();
    const listenIsIn = "select 1 from pg_stat_activity where datname = current_database() and query like 'LISTEN%'";
    while ((await watcher.query(listenIsIn)).rowCount === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await watcher.end();
    restarted = true;
    await endEveryConnection(own);
    await until(() => listening, 10_000);

    // The adapter is waiting for its new LISTEN. Before: that client was kept once it came, and
    // pool.end() (the API process's shutdown) waited for it for ever.
    await node.io.close();
    let connects = 0;
    const connect = node.pool.connect.bind(node.pool) as (...args: unknown[]) => unknown;
    (node.pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
      connects += 1;
      return connect(...args);
    };
    const ended = await Promise.race([
      node.pool.end().then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
    ]);
    expect(ended).toBe('ended');
    expect(node.pool.totalCount).toBe(0);
    // The adapter reconnects after one to three seconds; nothing may try once it is closed.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(connects).toBe(0);
  });
});
