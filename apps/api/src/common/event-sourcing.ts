import type { EventMetadata, EventStore, StoredEvent, Tx } from '@stardeck/infra';
import { fold, isDomainError, type Decider } from './decider';

/** Writes a projection's rows for events just appended, in the same transaction. */
export type InlineProjection = (tx: Tx, events: StoredEvent[]) => Promise<void>;

export interface LoadedStream<S> {
  state: S;
  version: number;
}

/** Reads a stream inside the transaction and folds it: the state a command is decided against. */
export async function loadStream<C, E extends { type: string }, S>(
  store: EventStore, tx: Tx, decider: Decider<C, E, S>, streamId: string,
): Promise<LoadedStream<S>> {
  const stored = await store.readStream(streamId, tx);
  const events = stored.map((event) => ({ type: event.type, data: event.data }) as unknown as E);
  return { state: fold(decider, events), version: stored.at(-1)?.stream_version ?? 0 };
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
  project: InlineProjection,
): Promise<{ events: StoredEvent[]; state: S }> {
  const loaded = await loadStream(store, tx, decider, streamId);
  const decided = decider.decide(command, loaded.state);
  if (isDomainError(decided)) throw decided;
  if (decided.length === 0) return { events: [], state: loaded.state };
  const { events } = await store.appendIn(tx, streamId, loaded.version, decided, metadata);
  await project(tx, events);
  return { events, state: decided.reduce(decider.evolve, loaded.state) };
}
