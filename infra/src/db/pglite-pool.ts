import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { Mutex } from './mutex';

/** The part of PGlite this pool uses (PGlite is loaded lazily, as an ES module). */
export interface PgliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/**
 * A pg-compatible "pool" over PGlite's single connection. Each connect() holds a mutex until
 * release(), so a Kysely transaction (BEGIN … COMMIT on one connection) never interleaves with
 * another request's statements.
 */
export class PglitePool implements PostgresPool {
  private readonly mutex = new Mutex();

  constructor(private readonly pglite: PgliteLike) {}

  async connect(): Promise<PostgresPoolClient> {
    const release = await this.mutex.acquire();
    const pglite = this.pglite;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        const command = (sql.trimStart().split(/\s+/, 1)[0] ?? '').toUpperCase() as PostgresQueryResult<R>['command'];
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release,
    };
    return client as PostgresPoolClient;
  }

  async end(): Promise<void> {
    const release = await this.mutex.acquire();
    try {
      await this.pglite.close();
    } finally {
      release();
    }
  }
}
