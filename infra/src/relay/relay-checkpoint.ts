import type { EventStore } from '../events/event-store';
import { LOG_START, type LogCursor } from '../events/types';

/**
 * The relay's saved position (relay_state). Writes go on in the background, one at a time, each
 * with the latest acknowledged cursor: a catch-up publishes while the checkpoint is written, and a
 * slow commit (a busy disk took 25–50 ms a commit) coalesces several batches instead of holding
 * each one up. A cursor is only ever handed in once the bus acknowledged it, so the saved
 * checkpoint never passes an unacknowledged event; after a crash, the relay compares it with the
 * bus's own tail anyway (Relay.reconcile).
 */
export class RelayCheckpoint {
  private wanted: LogCursor | null = null;
  private writing: Promise<void> | null = null;
  private failure: unknown = null;

  constructor(private readonly store: EventStore) {}

  async load(): Promise<LogCursor> {
    await this.flush();
    const row = await this.store.db
      .selectFrom('relay_state')
      .select(['last_position', (eb) => eb.cast<string>('last_xid', 'text').as('last_xid')])
      .where('id', '=', 1)
      .executeTakeFirst();
    return row ? { xid: row.last_xid, position: row.last_position } : LOG_START;
  }

  /** Records `cursor` (acknowledged up to it) to be written; throws if an earlier write failed. */
  advance(cursor: LogCursor): void {
    this.throwFailure();
    this.wanted = cursor;
    this.writing ??= this.writeWanted();
  }

  /** Resolves once everything handed to advance() is written; throws if a write failed. */
  async flush(): Promise<void> {
    await this.writing;
    this.throwFailure();
  }

  /** Writes at once, after any write in flight (reconciling with the bus). */
  async save(cursor: LogCursor): Promise<void> {
    this.advance(cursor);
    await this.flush();
  }

  private async writeWanted(): Promise<void> {
    try {
      while (this.wanted) {
        const cursor = this.wanted;
        this.wanted = null;
        await this.store.db
          .insertInto('relay_state')
          .values({ id: 1, last_xid: cursor.xid, last_position: cursor.position, updated_at: new Date() })
          .onConflict((oc) => oc.column('id').doUpdateSet({ last_xid: cursor.xid, last_position: cursor.position, updated_at: new Date() }))
          .execute();
      }
    } catch (error) {
      this.failure = error;
      this.wanted = null;
    } finally {
      this.writing = null;
    }
  }

  private throwFailure(): void {
    if (this.failure === null) return;
    const failure = this.failure;
    this.failure = null;
    throw failure;
  }
}
