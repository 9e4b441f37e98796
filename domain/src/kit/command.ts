import type { EventMetadata, EventStore, StoredEvent, Tx } from '@stardeck/infra';
import { fold, isDomainError, type Decider } from './decider';
import { applyInline, type Projection } from './projection';

export interface LoadedStream<S> {
  state: S;
  version: number;
}

/**
 * Reads a stream inside the transaction and folds it: the state a command is decided against.
 * The decider is the write side, so it reads secret fields as stored (a password change compares
 * against the current hash).
 */
export async function loadStream<C, E extends { type: string }, S>(
  store: EventStore, tx: Tx, decider: Decider<C, E, S>, streamId: string,
): Promise<LoadedStream<S>> {
  // Write models fold the whole payload, secret fields included (a password hash decides a login).
  const stored = await store.withSecrets.readStream(streamId, tx);
  const events = stored.map((event) => ({ type: event.type, data: event.data }) as unknown as E);
  return { state: fold(decider, events), version: stored.at(-1)?.stream_version ?? 0 };
}

export interface CommandOutcome<S> {
  events: StoredEvent[];
  state: S;
}

/**
 * Load, decide, append with the version that was read, project inline. A refused command throws
 * its DomainError; a writer that raced ahead makes the append throw ConcurrencyError. Either way
 * the caller's transaction rolls back as a whole.
 */
export async function handleCommand<C, E extends { type: string; data: object }, S>(
  store: EventStore,
  tx: Tx,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  metadata: EventMetadata,
  projection: Projection,
): Promise<CommandOutcome<S>> {
  const loaded = await loadStream(store, tx, decider, streamId);
  const decided = decider.decide(command, loaded.state);
  if (isDomainError(decided)) throw decided;
  if (decided.length === 0) return { events: [], state: loaded.state };
  const { events } = await store.appendIn(tx, streamId, loaded.version, decided, metadata);
  await applyInline(projection, tx, events);
  return { events, state: decided.reduce(decider.evolve, loaded.state) };
}
