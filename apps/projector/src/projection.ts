import type { StoredEvent, Tx } from '@stardeck/infra';

/**
 * A read model built from the log: the event types it handles, how one event changes its tables
 * (inside the transaction that also moves its checkpoint), and how to empty them for a rebuild.
 */
export interface Projection {
  readonly name: string;
  readonly handles: readonly string[];
  apply(event: StoredEvent, tx: Tx): Promise<void>;
  reset(tx: Tx): Promise<void>;
}
