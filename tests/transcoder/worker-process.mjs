// A transcoder worker process for the queue tests, on a JetStream stream of the test's own, a
// temp-directory object store and a sink that writes each outcome to a file.
//   WORKER_MODE=record: the handler only records which process got which job.
//   WORKER_MODE=transcode: the real TranscodeWorker with the full pipeline.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { JetStreamJobQueue, createLogger } from '@stardeck/infra';
import { TranscodeWorker } from '@stardeck/transcoder';

const env = process.env;
const logger = createLogger(env.LOG_LEVEL || 'silent', 'test-worker');
const outDir = env.OUT_DIR;
const queue = new JetStreamJobQueue({
  url: env.NATS_URL,
  stream: env.QUEUE_STREAM,
  subject: env.QUEUE_SUBJECT,
  logger,
  ackWaitMs: Number(env.ACK_WAIT_MS || 30_000),
  maxAttempts: Number(env.MAX_ATTEMPTS || 4),
  retryDelayMs: 100,
});

/** Only what the worker uses of the ObjectStorage port, on a plain directory. */
const storageRoot = env.STORAGE_DIR;
const storage = {
  kind: 'local',
  download: (key, destination) => copyFile(join(storageRoot, key), destination),
  put: async (key, body) => {
    await mkdir(dirname(join(storageRoot, key)), { recursive: true });
    await pipeline(body, createWriteStream(join(storageRoot, key)));
  },
};

const record = (name, value) => writeFile(join(outDir, `${name}.${process.pid}.json`), JSON.stringify(value));

if (env.WORKER_MODE === 'record') {
  await queue.consume(async (job, context) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await record(`job-${job.id}`, { id: job.id, pid: process.pid, attempt: context.attempt });
  });
} else {
  const sink = {
    isAlreadyDone: async () => false,
    admit: async () => null,
    progress: (trackId, percent) => record(`${trackId}.progress`, { percent }),
    succeeded: (trackId, result) => record(`${trackId}.succeeded`, result),
    failed: (trackId, reason) => record(`${trackId}.failed`, { reason }),
  };
  await new TranscodeWorker({ queue, storage, sink, logger, progressIntervalMs: 0 }).start();
}
process.send?.('ready');
process.once('SIGTERM', async () => {
  await queue.close();
  process.exit(0);
});
