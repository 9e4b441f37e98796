import type { INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter, type PostgresAdapter, type PostgresAdapterOptions } from '@socket.io/postgres-adapter';
import { survivePoolErrors, type Platform } from '@stardeck/infra';
import pg from 'pg';
import type { Server, ServerOptions } from 'socket.io';
import { MessageType, type BroadcastOptions } from 'socket.io-adapter';

const guardedPools = new WeakSet<pg.Pool>();

/**
 * What a Postgres restart (or a terminated backend) did to the adapter's pool:
 * - The adapter keeps one client checked out for LISTEN and gives it no 'error' listener, so the
 *   error was thrown and ended the whole process. It is reported now, like any client's.
 * - The adapter reconnects on the dead client's 'end' but never hands it back, so the pool kept
 *   counting it: with two connections, the new LISTEN took the last one and every NOTIFY waited
 *   for ever. A lent client that ends is now released as broken, which removes it.
 */
function keepAdapterPoolAlive(pool: pg.Pool, report: (error: Error) => void): void {
  if (guardedPools.has(pool)) return;
  guardedPools.add(pool);
  survivePoolErrors(pool, report);
  const lent = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => lent.add(client));
  pool.on('release', (_error, client) => lent.delete(client));
  pool.on('connect', (client) => {
    client.on('end', () => {
      if (lent.has(client)) client.release(true);
    });
  });
}

/** The parts of the adapter's LISTEN client (socket.io-postgres-adapter's PubSubClient) we mend. */
interface ListenClient {
  client?: pg.PoolClient;
  scheduleReconnection(): void;
  close(): void;
}

const mendedListenClients = new WeakSet<object>();

/**
 * Closing the adapter while its LISTEN connection was being made again (in the seconds after a
 * Postgres restart) left that connection checked out for good: close() releases only a
 * client already in place, so the one that arrived afterwards was kept, and pool.end() waited for
 * it for ever, which hung the API process's shutdown. A failure after close also scheduled yet
 * another reconnection, every two seconds, against a pool that had ended. Once closed, a client
 * that arrives is destroyed and no reconnection is scheduled.
 */
function stopListeningOnClose(adapter: PostgresAdapter): void {
  const listen = (adapter as unknown as { client?: ListenClient }).client;
  if (!listen || typeof listen.scheduleReconnection !== 'function') throw new Error('socket.io postgres adapter: its LISTEN client is not the one this code knows');
  if (mendedListenClients.has(listen)) return;
  mendedListenClients.add(listen);
  let closed = false;
  let current = listen.client;
  Object.defineProperty(listen, 'client', {
    configurable: true,
    get: () => current,
    set: (client: pg.PoolClient | undefined) => {
      if (closed && client) client.release(true);
      else current = client;
    },
  });
  const reconnect = listen.scheduleReconnection.bind(listen);
  listen.scheduleReconnection = () => {
    if (!closed) reconnect();
  };
  const close = listen.close.bind(listen);
  listen.close = () => {
    closed = true;
    close();
  };
}

/**
 * The official Postgres adapter, except that a broadcast reaches this process's own sockets at
 * once and is then published to the other processes. The library awaits its NOTIFY round trip
 * before it writes to a single local socket, so every chat message waited on the database a
 * second time, after it was already stored (its connection-state recovery offsets, the reason for
 * that wait, are not supported by this adapter anyway). Other processes still get the broadcast
 * in publish order: the adapter's pool keeps one connection for LISTEN and one for NOTIFY.
 */
export function localFirstPostgresAdapter(pool: pg.Pool, options: PostgresAdapterOptions): (nsp: unknown) => PostgresAdapter {
  keepAdapterPoolAlive(pool, options.errorHandler ?? (() => undefined));
  const make = createAdapter(pool, options);
  // Socket.IO calls this with `new`, so it is a function, not an arrow; the object it returns wins.
  return function adapterFor(nsp: unknown) {
    const adapter = make(nsp);
    stopListeningOnClose(adapter);
    const clusterBroadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = async (packet: unknown, opts: BroadcastOptions) => {
      if (opts.flags?.local) return clusterBroadcast(packet, opts);
      // The NOTIFY goes out first (its query is written at once when the pool's connection is
      // idle), so the other processes write to their sockets while this one writes to its own.
      // The shape is the one the receiving adapters decode (socket.io-adapter's encodeOptions).
      adapter.publish({ type: MessageType.BROADCAST, data: { packet, opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags ?? {} } } });
      // With the local flag the cluster adapter writes to this process's sockets synchronously.
      void clusterBroadcast(packet, { ...opts, flags: { ...opts.flags, local: true } });
    };
    return adapter;
  };
}

/**
 * Socket.IO on the app's own HTTP server and port, beside the Fastify routes. On Postgres, the
 * Postgres adapter fans broadcasts out to every API process (LISTEN/NOTIFY on the same
 * database, with a small pool of its own); embedded mode has one process and keeps the in-memory
 * adapter.
 */
class StardeckIoAdapter extends IoAdapter {
  private pool: pg.Pool | null = null;

  constructor(app: INestApplication, private readonly platform: Platform) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    const url = this.platform.database.url;
    if (url && this.platform.database.kind === 'postgres') {
      if (!this.pool) {
        this.pool = new pg.Pool({ connectionString: url, max: 2 });
      }
      server.adapter(localFirstPostgresAdapter(this.pool, {
        errorHandler: (error) => this.platform.logger.warn({ err: error }, 'socket.io adapter error'),
      }));
    }
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    const pool = this.pool;
    this.pool = null;
    await pool?.end().catch(() => undefined);
  }
}

export function useRealtimeAdapter(app: INestApplication, platform: Platform): void {
  app.useWebSocketAdapter(new StardeckIoAdapter(app, platform));
}
