import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { Mutex } from './mutex';

/** The part of PGlite this pool uses (PGlite is loaded lazily, as an ES module). */
export interface PgliteLike {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/**
 * Asked for a second connection from inside a transaction on the single-connection embedded
 * database: waiting would deadlock, since the transaction holds the only connection until it ends.
 */
export class NestedConnectionError extends Error {
  constructor() {
    super('a database call inside a transaction used the root handle instead of the transaction; pass the transaction (tx) to it');
    this.name = 'NestedConnectionError';
  }
}

interface TransactionScope {
  holdsConnection: boolean;
}

/**
 * A pg-compatible "pool" over PGlite's single connection. Each connect() holds a mutex until
 * release(), so a Kysely transaction (BEGIN … COMMIT on one connection) never interleaves with
 * another request's statements.
 *
 * A transaction runs inside `scope()`: while it holds the connection, any further connect() from
 * its own async context (a query on the root handle instead of the transaction) throws at once
 * instead of waiting for ever on the mutex its own caller holds.
 */
export class PglitePool implements PostgresPool {
  private readonly mutex = new Mutex();
  private readonly scopes = new AsyncLocalStorage<TransactionScope>();
  private ended = false;

  constructor(private readonly pglite: PgliteLike) {}

  scope<T>(work: () => Promise<T>): Promise<T> {
    if (this.scopes.getStore()?.holdsConnection) return Promise.reject(new NestedConnectionError());
    return this.scopes.run({ holdsConnection: false }, work);
  }

  async connect(): Promise<PostgresPoolClient> {
    const scope = this.scopes.getStore();
    if (scope?.holdsConnection) throw new NestedConnectionError();
    if (this.ended) throw new Error('the embedded database is closed');
    const unlock = await this.mutex.acquire();
    if (scope) scope.holdsConnection = true;
    const pglite = this.pglite;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        const command = (sql.trimStart().split(/\s+/, 1)[0] ?? '').toUpperCase() as PostgresQueryResult<R>['command'];
        return { command, rowCount: result.affectedRows ?? result.rows.length, rows: result.rows };
      },
      release: () => {
        if (scope) scope.holdsConnection = false;
        unlock();
      },
    };
    return client as PostgresPoolClient;
  }

  /** Closes PGlite once; later calls do nothing, and no connection is handed out after it. */
  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const release = await this.mutex.acquire();
    try {
      await this.pglite.close();
    } finally {
      release();
    }
  }
}
