import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JetStreamJobQueue, createLogger, deleteJetStream, type JobQueue } from '@stardeck/infra';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAudioFixtures } from '../support/audio-fixtures';
import { TEST_NATS_URL, waitFor } from '../support/services';

const logger = createLogger('silent', 'test');
const WORKER = join(__dirname, 'worker-process.mjs');

let names: { stream: string; subject: string };
let work: string;
const queues: JobQueue<unknown>[] = [];
const children: ChildProcess[] = [];

beforeEach(async () => {
  const id = randomBytes(6).toString('hex');
  names = { stream: `STARDECK_T_${id}_TRANSCODE`, subject: `t${id}.jobs.transcode` };
  work = await mkdtemp(join(tmpdir(), 'stardeck-queue-'));
  await Promise.all(['out', 'storage', 'tmp'].map((d) => mkdir(join(work, d))));
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(queues.splice(0).map((q) => q.close()));
  await deleteJetStream(TEST_NATS_URL, names.stream);
  await rm(work, { recursive: true, force: true });
});

function queue<T>(options: Partial<ConstructorParameters<typeof JetStreamJobQueue>[0]> = {}): JetStreamJobQueue<T> {
  const q = new JetStreamJobQueue<T>({ url: TEST_NATS_URL, ...names, logger, retryDelayMs: 50, ...options });
  queues.push(q as JobQueue<unknown>);
  return q;
}

async function spawnWorker(mode: 'record' | 'transcode', extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = fork(WORKER, [], {
    env: {
      ...process.env, WORKER_MODE: mode, NATS_URL: TEST_NATS_URL, QUEUE_STREAM: names.stream, QUEUE_SUBJECT: names.subject,
      OUT_DIR: join(work, 'out'), STORAGE_DIR: join(work, 'storage'), TMPDIR: join(work, 'tmp'), ...extra,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}

const outputs = async (prefix: string) => (await readdir(join(work, 'out'))).filter((f) => f.startsWith(prefix));
const jobDirs = async () => readdir(join(work, 'tmp', 'stardeck-transcode')).catch(() => [] as string[]);

describe('JetStream job queue', () => {
  it('hands each of 20 jobs to exactly one of three worker processes', async () => {
    await Promise.all([1, 2, 3].map(() => spawnWorker('record')));
    const q = queue<{ id: number }>();
    for (let id = 0; id < 20; id++) await q.enqueue(`job-${id}`, { id });
    await waitFor(async () => (await outputs('job-')).length >= 20);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const records = await Promise.all((await outputs('job-')).map(async (f) => JSON.parse(await readFile(join(work, 'out', f), 'utf8')) as { id: number; pid: number }));
    expect(records.map((r) => r.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(records.map((r) => r.pid)).size).toBeGreaterThan(1);
  });

  it('gives a job whose worker was killed mid-job to another worker, and clears the dead worker\'s files', async () => {
    const fixtures = await createAudioFixtures();
    try {
      await copyFile(await fixtures.make('wav', { seconds: 240 }), join(work, 'storage', 'upload.wav'));
    } finally {
      await fixtures.remove();
    }
    const ackWait = { ACK_WAIT_MS: '3000' };
    const first = await spawnWorker('transcode', ackWait);
    await queue().enqueue('track-7', { track_id: '7', source_key: 'upload.wav', source_format: 'wav', lossless: true });
    await waitFor(async () => (await outputs('7.progress')).length > 0, 20_000, 20);
    const deadDir = (await jobDirs()).find((d) => d.startsWith(`job-${first.pid}-`));
    expect(deadDir).toBeDefined();
    first.kill('SIGKILL');

    await spawnWorker('transcode', ackWait);
    // The new worker clears the killed worker's directory as it starts.
    expect((await jobDirs()).filter((d) => d.startsWith(`job-${first.pid}-`))).toEqual([]);
    const done = await waitFor(async () => (await outputs('7.succeeded'))[0], 60_000);
    expect(done).not.toContain(String(first.pid));
    const result = JSON.parse(await readFile(join(work, 'out', done), 'utf8')) as { renditions: { key: string }[]; duration: number };
    expect(result.renditions.map((r) => r.key)).toEqual(['tracks/7/standard.mp3', 'tracks/7/high.mp3', 'tracks/7/lossless.flac']);
    expect(result.duration).toBeCloseTo(240, 1);
    expect(await readdir(join(work, 'storage', 'tracks', '7'))).toEqual(['high.mp3', 'lossless.flac', 'peaks.json', 'standard.mp3']);
    await waitFor(async () => (await jobDirs()).length === 0, 5_000);
  });
});
