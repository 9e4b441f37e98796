import { connectPostgres, type DbHandle } from '@stardeck/infra';
import { sql } from 'kysely';
import pg from 'pg';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createInvite, login } from '../auth/helpers';
import { startTestServer, type TestServer } from '../support/server';
import { createTestDatabase, waitFor, type TestDatabase } from '../support/services';

/** What a Postgres restart, a failover or an operator's pg_terminate_backend does to every connection. */
async function endEveryConnection(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return ended.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe('when Postgres ends its connections', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('fails the transaction that held a connection, keeps the process alive and serves the next query', async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    const handle: DbHandle = connectPostgres(database.url);
    cleanups.push(() => handle.close());

    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const transaction = handle.db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      // Between two statements the connection is lent out, with no query in flight.
      await paused;
      await sql`select 2`.execute(tx);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await endEveryConnection(database.url)).toBeGreaterThanOrEqual(1);
    // Before: the lent client emitted its error with no listener, and Node ended this process.
    await new Promise((resolve) => setTimeout(resolve, 300));
    resume();
    await expect(transaction).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`select 41 + 1 as n`.execute(handle.db);
    expect(rows[0]!.n).toBe(42);
  });

  it('keeps the API and the projections running: the next command is stored and every projection catches up with it', async () => {
    const server: TestServer = await startTestServer({ env: { STARDECK_ADMIN_EMAIL: ADMIN.email, STARDECK_ADMIN_PASSWORD: ADMIN.password } });
    cleanups.push(() => server.stop());
    const admin = await login(server.url, ADMIN.email, ADMIN.password);
    expect(await endEveryConnection(server.services!.db.url)).toBeGreaterThanOrEqual(3);

    await new Promise((resolve) => setTimeout(resolve, 500));
    await request(server.url).get('/ready').expect(200);
    await createInvite(server.url, admin);
    const projections = await waitFor(async () => {
      const res = await request(server.url).get('/v1/admin/projections').set(bearer(admin));
      const list = res.body.data?.projections as Array<{ name: string; checkpoint: number; head: number }> | undefined;
      return list && list.every((p) => p.checkpoint === p.head) ? list : null;
    }, 15_000);
    expect(projections.map((p) => p.name)).toContain('stats');
  });
});
