import { InProcessJobQueue } from '@stardeck/infra';
import { jobQueueContract } from './job-queue-contract';

// Embedded mode's queue: in memory, with no redelivery wait (a job lives as long as the process),
// so the waits that give a redelivery its chance can be short.
jobQueueContract('in-process', async ({ maxAttempts, retryDelayMs }) => new InProcessJobQueue({ maxAttempts, retryDelayMs }), { ackWaitMs: 200 });
