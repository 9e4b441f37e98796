import { randomUUID } from 'node:crypto';
import { PostgresLockManager } from '@stardeck/infra';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../support/services';
import { lockContract } from './lock-contract';

// Two managers stand for two processes; every key of a run is new, so runs never meet.
lockContract('Postgres advisory', async () => ({ locks: new PostgresLockManager(TEST_DATABASE_URL), rival: new PostgresLockManager(TEST_DATABASE_URL) }));

describe('Postgres advisory locks', () => {
  it('lose the lease when the database ends its connection, and free the key for a standby', async () => {
    const locks = new PostgresLockManager(TEST_DATABASE_URL, 200);
    const key = `crash-${randomUUID()}`;
    const lease = (await locks.tryAcquire(key))!;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`stardeck-lock:${key}`.slice(0, 63)]);
    } finally {
      await admin.end();
    }
    await lease.lost;
    const standby = await new PostgresLockManager(TEST_DATABASE_URL).tryAcquire(key);
    expect(standby).not.toBeNull();
    await standby!.release();
  });
});
