import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { createLogger, createPlatform, loadConfig, pendingMigrations, startHealthServer, connectPostgres, type Platform } from '@stardeck/infra';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createTestStream, freePort, servicesEnv, type TestDatabase, type TestStream } from '../support/services';

const run = promisify(execFile);
const MIGRATE = resolve(__dirname, '../../apps/projector/dist/migrate.js');

/**
 * A cluster migrates once per release: the replicas run with MIGRATE_ON_START=false and wait for
 * the schema, and `migrate` brings it up to date, once, however many run at the same time. The
 * roles without HTTP answer /health and /ready on HEALTH_PORT for their orchestrator's probes.
 */
describe('migrations once per release, and health probes for every role', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  async function emptySite(): Promise<{ db: TestDatabase; stream: TestStream }> {
    const [db, stream] = [await createTestDatabase({ empty: true }), createTestStream()];
    cleanup.push(() => db.drop(), () => stream.drop());
    return { db, stream };
  }

  it('starts a replica that does not migrate only once the migration job has run, and two jobs at once migrate once', async () => {
    const { db, stream } = await emptySite();
    const env = servicesEnv(db, stream, { MIGRATE_ON_START: 'false' });
    const config = loadConfig(env, { requireSecret: false });
    const logger = createLogger('silent', 'test');

    let platform: Platform | null = null;
    const replica = createPlatform(config, logger).then((started) => (platform = started));
    cleanup.push(async () => {
      await replica.catch(() => undefined);
      await platform?.close();
    });
    // The replica waits: the schema is not there, and it does not make it.
    await new Promise((r) => setTimeout(r, 1500));
    expect(platform).toBeNull();
    const probe = connectPostgres(db.url, { max: 1 });
    cleanup.push(() => probe.close());
    expect((await pendingMigrations(probe.db)).length).toBeGreaterThan(10);

    // The release's job, twice at once, as a retried Job or two operators might.
    const jobEnv = { ...env, LOG_LEVEL: 'info' };
    const jobs = await Promise.all([run(process.execPath, [MIGRATE], { env: jobEnv }), run(process.execPath, [MIGRATE], { env: jobEnv })]);
    const said = jobs.map((job) => JSON.parse(job.stdout.trim().split('\n').at(-1)!).msg as string);
    expect(said.sort()).toEqual([expect.stringMatching(/^applied \d+ migration\(s\)$/), 'schema already current']);
    expect(await pendingMigrations(probe.db)).toEqual([]);

    await replica;
    expect(platform).not.toBeNull();
  }, 60_000);

  it('answers /health while the process runs and /ready while its database and bus are reachable', async () => {
    const { db, stream } = await emptySite();
    const config = loadConfig(servicesEnv(db, stream), { requireSecret: false });
    const platform = await createPlatform(config, createLogger('silent', 'test'));
    cleanup.push(() => platform.close());
    const port = await freePort();
    const health = await startHealthServer(platform, port, '127.0.0.1');
    cleanup.push(() => health.close());

    const health200 = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health200.status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ data: { database: true, bus: true } });
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);

    await db.drop();
    const gone = await fetch(`http://127.0.0.1:${port}/ready`);
    expect(gone.status).toBe(503);
    expect(await gone.json()).toMatchObject({ data: { database: false } });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  }, 60_000);
});
