import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsProjection } from '@stardeck/domain';
import { EVENT_SCHEMAS, EventStore, connectPostgres, migrateToLatest, type DbHandle } from '@stardeck/infra';
import { PROJECTOR_CLI, runNode } from '../support/processes';
import { createTestDatabase, createTestStream, servicesEnv, type TestDatabase, type TestStream } from '../support/services';
import { appendStatsEvents, countersFromLog, statsCounters } from '../support/stats-events';

describe('projections CLI', () => {
  let testDb: TestDatabase;
  let stream: TestStream;
  let database: DbHandle;
  let store: EventStore;
  let env: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    stream = createTestStream();
    database = connectPostgres(testDb.url);
    await migrateToLatest(database.db);
    store = new EventStore(database.db, EVENT_SCHEMAS);
    await appendStatsEvents(store, 600, 3);
    env = servicesEnv(testDb, stream);
  });

  afterAll(async () => {
    await database?.close();
    await stream?.drop().catch(() => undefined);
    await testDb?.drop();
  });

  it('prints every projection with its checkpoint and lag', async () => {
    const { code, stdout } = await runNode(PROJECTOR_CLI, ['status'], env);
    expect(code).toBe(0);
    const statsLine = stdout.split('\n').find((line) => /\bstats\b/.test(line));
    expect(stdout).toMatch(/checkpoint/);
    expect(stdout).toMatch(/lag/);
    // Nothing applied yet: checkpoint 0, all 600 events behind.
    expect(statsLine).toMatch(/\b0\b.*\b600\b/);
  });

  it('rebuilds a projection with progress and ends with the counts the log gives', async () => {
    const { code, stdout, stderr } = await runNode(PROJECTOR_CLI, ['rebuild', 'stats'], env);
    expect(code).toBe(0);
    // A rebuild reads only the events its projection handles, and reports its rate and ETA.
    const handled = await store.countCommitted(database.db, statsProjection.handles);
    expect(stdout + stderr).toMatch(new RegExp(`${handled}/${handled} events, \\d+ events/s, eta`));
    expect(stdout).toMatch(/stats rebuilt/);
    expect(await statsCounters(database.db)).toEqual(await countersFromLog(store));

    const status = await runNode(PROJECTOR_CLI, ['status'], env);
    const statsLine = status.stdout.split('\n').find((line) => /\bstats\b/.test(line));
    expect(statsLine).toMatch(/live/);
    expect(statsLine).toMatch(/\b600\b.*\b0\b/);
  });

  it('refuses an unknown projection by name, with the ones it knows', async () => {
    const { code, stderr } = await runNode(PROJECTOR_CLI, ['rebuild', 'nope'], env);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/unknown projection "nope"; known: .*stats/);
  });
});
