import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { EventBus } from './bus/bus';
import { systemClock, type Clock } from './clock';
import { InProcessBus } from './bus/in-process-bus';
import { JetStreamBus } from './bus/jetstream-bus';
import { InProcessSignalBus, NatsSignalBus, signalSubjectRoot, type SignalBus } from './bus/signals';
import type { StardeckConfig } from './config';
import { connectPglite, connectPostgres, type DbHandle } from './db/connect';
import { claimDataDir } from './db/data-dir-lock';
import { migrateToLatest, waitForSchema } from './db/migrate';
import { EventStore } from './events/event-store';
import { InMemoryLockManager, PostgresLockManager, type LockManager } from './locks/lock-manager';
import { DevMailbox, SmtpMailer, type Mailer } from './mail/mailer';
import { EVENT_SCHEMAS } from './events/schemas';
import { LocalStorage } from './storage/local-storage';
import type { ObjectStorage } from './storage/object-storage';
import { InProcessJobQueue } from './queue/in-process-queue';
import type { JobQueue } from './queue/job-queue';
import { JetStreamJobQueue } from './queue/jetstream-queue';
import { transcodeQueueNames, type TranscodeJob } from './queue/transcode-job';
import { S3Storage } from './storage/s3-storage';
import { SimulatedPayments, StripePayments, UnavailablePayments, type Payments } from './payments/payments';

/** The adapters one process runs on, chosen by configuration; domain code sees only the ports. */
export interface Platform {
  config: StardeckConfig;
  logger: Logger;
  database: DbHandle;
  store: EventStore;
  bus: EventBus;
  /** Fire-and-forget messages between processes (live pushes): core NATS with NATS_URL, in memory otherwise. */
  signals: SignalBus;
  locks: LockManager;
  mailer: Mailer;
  storage: ObjectStorage;
  /** Upload → transcoder jobs: JetStream work queue with NATS_URL, in memory otherwise. */
  transcodeQueue: JobQueue<TranscodeJob>;
  /** Stripe when configured; the local checkout simulator only when PAYMENTS asks for it; else none. */
  payments: Payments;
  clock: Clock;
  close(): Promise<void>;
}

export async function createPlatform(config: StardeckConfig, logger: Logger): Promise<Platform> {
  let database: DbHandle;
  let releaseDataDir = () => {};
  if (config.databaseUrl) {
    database = connectPostgres(config.databaseUrl);
  } else {
    mkdirSync(config.dataDir, { recursive: true });
    releaseDataDir = claimDataDir(config.dataDir);
    database = await connectPglite(join(config.dataDir, 'pglite'));
  }
  if (config.migrateOnStart || !config.databaseUrl) await migrateToLatest(database.db);
  else await waitForSchema(database.db, (pending) => logger.info({ pending }, 'waiting for the release\'s migrations (MIGRATE_ON_START=false)'));
  const bus: EventBus = config.natsUrl
    ? new JetStreamBus({ url: config.natsUrl, stream: config.natsStream, subjectPrefix: config.natsSubjectPrefix, logger })
    : new InProcessBus();
  const signals: SignalBus = config.natsUrl
    ? new NatsSignalBus({ url: config.natsUrl, subjectRoot: signalSubjectRoot(config.natsSubjectPrefix), logger })
    : new InProcessSignalBus();
  const locks: LockManager = database.url ? new PostgresLockManager(database.url) : new InMemoryLockManager();
  const mailer: Mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new DevMailbox(database.db, logger);
  const store = new EventStore(database.db, EVENT_SCHEMAS);
  const storage = createStorage(config);
  const transcodeQueue: JobQueue<TranscodeJob> = config.natsUrl
    ? new JetStreamJobQueue({
      url: config.natsUrl, ...transcodeQueueNames(config.natsStream, config.natsSubjectPrefix), logger, ackWaitMs: config.transcodeAckWaitSeconds * 1000,
    })
    : new InProcessJobQueue({ onError: (error) => logger.error({ err: error }, 'transcode queue: onGiveUp failed') });
  return {
    config,
    logger,
    database,
    store,
    bus,
    signals,
    locks,
    mailer,
    storage,
    transcodeQueue,
    payments: choosePayments(config, logger),
    clock: systemClock,
    close: async () => {
      await transcodeQueue.close();
      if (storage instanceof S3Storage) await storage.close();
      await bus.close();
      await signals.close();
      await database.close();
      releaseDataDir();
    },
  };
}

/**
 * The payments adapter PAYMENTS names (see the config). The simulator grants paid plans to anyone
 * who clicks, so whenever it runs it says so at start, loudly, in every process that takes payments.
 */
export function choosePayments(config: Pick<StardeckConfig, 'payments' | 'stripe' | 'publicUrl' | 'jwtSecret' | 'mode'>, logger: Pick<Logger, 'warn'>): Payments {
  if (config.payments === 'stripe' && config.stripe) return new StripePayments(config.stripe);
  if (config.payments === 'simulator') {
    logger.warn(
      { payments: 'simulator', mode: config.mode },
      '!!! PAYMENTS=simulator: the checkout simulator is running. Anyone signed in can make themselves core or premium for free. Never run it where real members pay: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS=none. !!!',
    );
    return new SimulatedPayments({ publicUrl: config.publicUrl, serverSecret: config.jwtSecret });
  }
  return new UnavailablePayments();
}

/** S3 when configured; otherwise files under the data directory, served by the API's storage endpoints. */
function createStorage(config: StardeckConfig): ObjectStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage({ root: join(config.dataDir, 'objects'), secret: config.jwtSecret });
}
