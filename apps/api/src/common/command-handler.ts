import { DomainError, handleCommand, type CommandOutcome, type Decider, type Projection } from '@stardeck/domain';
import { ConcurrencyError, type EventMetadata, type EventStore, type Tx } from '@stardeck/infra';
import type { ApiError } from './api-error';
import { requestContext } from './request-context';

/** Attempts of one command against a stream that other writers keep moving. */
const CONFLICT_ATTEMPTS = 3;

/** How each refusal of a decider is answered over HTTP; the mapped type makes a forgotten code a compile error. */
export type ErrorTable<Code extends string, Command> = {
  [K in Code]: (error: DomainError<K>, command: Command) => ApiError;
};

export interface CommandHandlerSpec<C, E extends { type: string; data: object }, S, Code extends string> {
  decider: Decider<C, E, S, Code>;
  projection: Projection;
  errors: ErrorTable<Code, C>;
  /**
   * Commands on one stream wait for each other instead of failing with 409: for idempotent
   * commands many clients send at once (a save or a follow repeated in parallel).
   */
  serialised?: boolean;
}

/**
 * One per resource: decides a command against its stream, appends, projects inline and turns a
 * refusal into its HTTP answer by the resource's error table. Event metadata (actor, request,
 * correlation) comes from the request context, so no service passes it around.
 */
export class CommandHandler<C, E extends { type: string; data: object }, S, Code extends string> {
  constructor(
    protected readonly store: EventStore,
    private readonly spec: CommandHandlerSpec<C, E, S, Code>,
  ) {}

  /** In the caller's transaction, when one command is part of a larger write. */
  async runIn(tx: Tx, streamId: string, command: C, metadata: Partial<EventMetadata> = {}): Promise<CommandOutcome<S>> {
    try {
      if (this.spec.serialised) await this.store.lockStream(tx, streamId);
      return await handleCommand(this.store, tx, this.spec.decider, streamId, command, requestContext.metadata(metadata), this.spec.projection);
    } catch (error) {
      if (error instanceof DomainError) throw this.answer(error as DomainError<Code>, command);
      throw error;
    }
  }

  /**
   * Takes a stream's lock ahead of the command, so that a write spanning several streams takes
   * them in one order (a member's library entry before their collections) and never deadlocks.
   */
  lock(tx: Tx, streamId: string): Promise<void> {
    return this.store.lockStream(tx, streamId);
  }

  /** In a transaction of its own. */
  execute(streamId: string, command: C, metadata: Partial<EventMetadata> = {}): Promise<CommandOutcome<S>> {
    return this.transaction((tx) => this.runIn(tx, streamId, command, metadata));
  }

  /**
   * Runs `work` in a transaction, again when another writer appended to the same stream first.
   * Deciders decide against the stream as it is when they run (a partial edit merges into the
   * current state), so a retry is the same request on fresher state, not a blind overwrite; a
   * member editing a track while the transcoder records its outcome is not told "conflict".
   */
  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.transaction(work);
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= CONFLICT_ATTEMPTS) throw error;
      }
    }
  }

  private answer(error: DomainError<Code>, command: C): ApiError {
    const toHttp = this.spec.errors[error.code] as (error: DomainError<Code>, command: C) => ApiError;
    return toHttp(error, command);
  }
}
