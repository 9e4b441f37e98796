import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localFirstPostgresAdapter } from '@stardeck/api';
import pg from 'pg';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/services';

/** How long the NOTIFY queries of the slowed process take: far longer than any local write. */
const NOTIFY_DELAY_MS = 600;

interface Node {
  io: Server;
  http: HttpServer;
  pool: pg.Pool;
  url: string;
}

/**
 * One API process's realtime side as production builds it: a Socket.IO server on the Postgres
 * adapter, with a pool of its own. `slowNotify` delays every NOTIFY query it sends, as a busy
 * database would.
 */
async function startNode(db: TestDatabase, slowNotify = false): Promise<Node> {
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  if (slowNotify) {
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

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Each of `group` knows all `total` processes on the database (their heartbeats went through LISTEN). */
async function knowEachOther(group: Node[], total = group.length): Promise<void> {
  for (const node of group) {
    let servers = 0;
    await until(() => {
      void node.io.of('/').adapter.serverCount().then((n) => (servers = n));
      return servers === total;
    });
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
    const slowed = await startNode(db, true);
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

    // What a Postgres restart or an operator's pg_terminate_backend does to every connection.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    await admin.end();
    expect(ended.rowCount).toBeGreaterThanOrEqual(4);

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
});
