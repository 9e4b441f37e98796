import { Inject } from '@nestjs/common';

/**
 * One injection token per port. A service names exactly the ports it uses, so its dependencies
 * are visible in its constructor and a test can hand it just those.
 */
export const TOKENS = {
  config: Symbol('StardeckConfig'),
  logger: Symbol('Logger'),
  database: Symbol('Db'),
  eventStore: Symbol('EventStore'),
  bus: Symbol('EventBus'),
  signals: Symbol('SignalBus'),
  locks: Symbol('LockManager'),
  mailer: Symbol('Mailer'),
  storage: Symbol('ObjectStorage'),
  transcodeQueue: Symbol('TranscodeQueue'),
  clock: Symbol('Clock'),
  payments: Symbol('Payments'),
  projectionAdmin: Symbol('ProjectionAdmin'),
} as const;

export const InjectConfig = () => Inject(TOKENS.config);
export const InjectLogger = () => Inject(TOKENS.logger);
export const InjectDatabase = () => Inject(TOKENS.database);
export const InjectEventStore = () => Inject(TOKENS.eventStore);
export const InjectBus = () => Inject(TOKENS.bus);
export const InjectSignals = () => Inject(TOKENS.signals);
export const InjectLocks = () => Inject(TOKENS.locks);
export const InjectMailer = () => Inject(TOKENS.mailer);
export const InjectStorage = () => Inject(TOKENS.storage);
export const InjectTranscodeQueue = () => Inject(TOKENS.transcodeQueue);
export const InjectClock = () => Inject(TOKENS.clock);
export const InjectProjectionAdmin = () => Inject(TOKENS.projectionAdmin);
export const InjectPayments = () => Inject(TOKENS.payments);
