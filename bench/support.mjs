// Shared by the benchmarks that run the whole server on a generated community: a fresh database
// and bus for either configuration, the server on them, the community, and a few statistics.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { startServer } = require('@stardeck/api');
const { generateSyntheticHistory } = require('@stardeck/domain');
const { deleteJetStream, transcodeQueueNames } = require('@stardeck/infra');
const argon2 = require('argon2');

export const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.BENCH_NATS_URL || process.env.NATS_URL || 'nats://127.0.0.1:4222';
/** Every generated member signs in with this password. */
export const MEMBER_PASSWORD = 'bench-password';

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Where a configuration keeps its state: a fresh Postgres database and JetStream stream
 * (services), or a fresh data directory (embedded: PGlite, in-process bus). `start(roles)` starts
 * a server on it; several may run at once on services, one at a time on embedded.
 */
export async function createSite(config) {
  const id = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'stardeck-bench-'));
  // A known admin: embedded mode would otherwise make one and print its password.
  let env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', STARDECK_ADMIN_EMAIL: 'admin@bench.example', STARDECK_ADMIN_PASSWORD: 'bench-admin-pw' };
  let database = null;
  if (config === 'services') {
    database = `stardeck_bench_${id}`;
    await adminQuery(`CREATE DATABASE ${database}`);
    const url = new URL(ADMIN_DATABASE_URL);
    url.pathname = `/${database}`;
    env = {
      ...env, DATABASE_URL: url.toString(), NATS_URL, NATS_STREAM: `STARDECK_BENCH_${id}`, NATS_SUBJECT_PREFIX: `bench${id}.events`,
      STARDECK_SECRET: randomBytes(32).toString('hex'),
    };
  }
  const servers = [];
  const processes = [];
  return {
    config,
    env,
    /** `webDir`: serve that built web client too (none by default). */
    async start(roles, { webDir = null } = {}) {
      const port = await freePort();
      const server = await startServer({ roles, env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, webDir });
      servers.push(server);
      return server;
    },
    /**
     * The API in a process of its own (`npm run start:api`), as a deployment runs it: on services
     * only, beside the servers `start` runs in this one. Resolves once it answers /health.
     */
    async spawnApi() {
      if (!database) throw new Error('a second API process needs the services configuration');
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [require.resolve('@stardeck/api/dist/main.js')], {
        env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: url }, stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      processes.push({ child, exited });
      const up = await Promise.race([
        waitUntil(() => fetch(`${url}/health`).then((res) => res.ok, () => false), 60_000, 100),
        exited.then((code) => Promise.reject(new Error(`the API process ended (${code}) before it answered /health`))),
      ]);
      if (!up) throw new Error('the API process did not come up');
      return { url };
    },
    async stop(server) {
      servers.splice(servers.indexOf(server), 1);
      await server.close();
    },
    async remove() {
      for (const { child, exited } of processes.splice(0)) {
        child.kill('SIGTERM');
        await exited;
      }
      for (const server of servers.splice(0)) await server.close();
      if (database) {
        await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await deleteJetStream(NATS_URL, env.NATS_STREAM).catch(() => undefined);
        await deleteJetStream(NATS_URL, transcodeQueueNames(env.NATS_STREAM, env.NATS_SUBJECT_PREFIX).stream).catch(() => undefined);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A generated community (see generateSyntheticHistory), with progress on stderr. */
export async function generateCommunity(store, { members, events, seed = 20_261_125, label = 'bench', commandsPerTransaction }) {
  const passwordHash = await argon2.hash(MEMBER_PASSWORD, { type: argon2.argon2id });
  const started = performance.now();
  const history = await generateSyntheticHistory(store, {
    seed, members, events, passwordHash, label, commandsPerTransaction,
    onProgress: (n) => process.stderr.write(`\r  generating: ${n} events`),
  });
  process.stderr.write('\n');
  return { ...history, seconds: (performance.now() - started) / 1000 };
}

/** A member's access token, through the login the web client uses. */
export async function signIn(url, member) {
  const res = await fetch(`${url}/v1/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: MEMBER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login as ${member.username} answered ${res.status}: ${await res.text()}`);
  return res.headers.get('x-new-access-token');
}

export async function waitUntil(check, timeoutMs, intervalMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** The machine's load: figures taken on a busy machine say so. */
export const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} on ${require('node:os').cpus().length} cores`;

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * One member publishing a track: the two commands the upload and the transcoder send (through the
 * track decider and its inline read model), in one transaction. Returns the track id.
 */
export async function publishTrack(store, owner, title) {
  const { handleCommand, trackDecider, tracksProjection, storageKeys } = require('@stardeck/domain');
  const { slugify, trackStreamIds } = require('@stardeck/contracts');
  const { sql } = require('kysely');
  const { rows } = await sql`select nextval('track_id_seq') as id`.execute(store.db);
  const id = Number(rows[0].id);
  const stream = trackStreamIds.track(id);
  const keys = storageKeys.renditions(id);
  const rendition = (key) => ({ key, size: 1_000_000, mimetype: 'audio/mpeg', bitrate: 128, duration: 60 });
  await store.transaction(async (tx) => {
    await handleCommand(store, tx, trackDecider, stream, {
      type: 'UploadTrack', track_id: id, user_id: owner.id, title, slug: slugify(title), description: null, visibility: 'public',
      parent_id: null, tags: [], filename: `${title}.mp3`, mimetype: 'audio/mpeg', extension: 'mp3', filesize: 1_000_000,
      source_key: `sources/${owner.id}/${title}.mp3`, lossless: false, artwork: null,
    }, { actor: owner.id }, tracksProjection);
    await handleCommand(store, tx, trackDecider, stream, {
      type: 'RecordTranscodeSuccess', storage: { used_bytes: 0, quota_bytes: Number.MAX_SAFE_INTEGER },
      renditions: { standard: rendition(keys.standard), high: rendition(keys.high), lossless: null }, duration: 60, bitrate: 128,
      peaks_key: keys.peaks, peaks: Array.from({ length: 3600 }, (_, i) => (i % 2 ? 0.5 : -0.5)),
    }, { actor: 'system' }, tracksProjection);
  });
  return id;
}
