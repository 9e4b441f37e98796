import { randomBytes } from 'node:crypto';
import { JetStreamJobQueue, createLogger, deleteJetStream } from '@stardeck/infra';
import { afterAll } from 'vitest';
import { TEST_NATS_URL } from '../support/services';
import { jobQueueContract } from './job-queue-contract';

const logger = createLogger('silent', 'test');
const streams: string[] = [];
afterAll(async () => {
  for (const stream of streams) await deleteJetStream(TEST_NATS_URL, stream);
});

// Services mode's queue: a JetStream work-queue stream of its own per test.
jobQueueContract('JetStream', async ({ maxAttempts, retryDelayMs, ackWaitMs }) => {
  const id = randomBytes(6).toString('hex');
  const stream = `STARDECK_T_${id}_JOBS`;
  streams.push(stream);
  return new JetStreamJobQueue({ url: TEST_NATS_URL, stream, subject: `t${id}.jobs.test`, logger, maxAttempts, retryDelayMs, ackWaitMs });
});
