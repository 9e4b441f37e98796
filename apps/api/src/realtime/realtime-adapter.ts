import type { INestApplication } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Platform } from '@stardeck/infra';
import pg from 'pg';
import type { Server, ServerOptions } from 'socket.io';

/**
 * Socket.IO on the app's own HTTP server and port, beside the Fastify routes. On Postgres, the
 * official Postgres adapter fans broadcasts out to every API process (LISTEN/NOTIFY on the same
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
        // A dropped connection must not crash the process: the adapter reconnects by itself.
        this.pool.on('error', (error) => this.platform.logger.warn({ err: error }, 'socket.io adapter pool error'));
      }
      server.adapter(createAdapter(this.pool, {
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
