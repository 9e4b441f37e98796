import pg from 'pg';

/** An exclusive lease on a named role (the relay, one projection). `lost` settles when it ends for any reason. */
export interface Lease {
  readonly key: string;
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

/** Who may run a singleton role across processes. */
export interface LockManager {
  tryAcquire(key: string): Promise<Lease | null>;
}

/**
 * Postgres session advisory locks, one dedicated connection per lease. A process that dies (even
 * by SIGKILL) drops its connection, Postgres frees the lock, and a standby acquires it.
 */
export class PostgresLockManager implements LockManager {
  constructor(
    private readonly url: string,
    private readonly keepAliveMs = 2000,
  ) {}

  async tryAcquire(key: string): Promise<Lease | null> {
    const client = new pg.Client({ connectionString: this.url, application_name: `stardeck-lock:${key}`.slice(0, 63) });
    let markLost!: () => void;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    client.on('error', () => markLost());
    client.on('end', () => markLost());
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key]);
      if (!rows[0]?.ok) {
        await client.end();
        return null;
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    const timer = setInterval(() => {
      client.query('select 1').catch(() => markLost());
    }, this.keepAliveMs);
    timer.unref();
    void lost.then(() => clearInterval(timer));
    return {
      key,
      lost,
      release: async () => {
        clearInterval(timer);
        await client.end().catch(() => undefined);
        markLost();
      },
    };
  }
}

/** Embedded mode: one process, so an in-memory set of held keys is the whole truth. */
export class InMemoryLockManager implements LockManager {
  private readonly held = new Set<string>();

  async tryAcquire(key: string): Promise<Lease | null> {
    if (this.held.has(key)) return null;
    this.held.add(key);
    let markLost!: () => void;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    let released = false;
    return {
      key,
      lost,
      release: async () => {
        // Once only: by a second release the key may belong to the next holder.
        if (released) return;
        released = true;
        this.held.delete(key);
        markLost();
      },
    };
  }
}
