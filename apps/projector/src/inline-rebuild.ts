import type { Projection } from '@stardeck/domain';
import { LOG_START, type EventStore } from '@stardeck/infra';
import { sql } from 'kysely';

const BATCH = 1000;

/**
 * Empties an inline read model and replays the log into it in one transaction. Its tables are
 * locked first, so writers that project into them wait for the rebuild to commit and then apply
 * their own events on top; readers see the old rows until then. Rows of other tables that point
 * at it (a session at its account) are checked at commit, once the replay has put their rows back.
 */
export async function rebuildInline(store: EventStore, projection: Projection, onProgress?: (done: number, total: number) => void): Promise<void> {
  await store.transaction(async (tx) => {
    // Other tables refer to these rows; the replay brings every id back before the commit checks.
    await sql`set constraints all deferred`.execute(tx);
    for (const table of projection.tables) await sql`lock table ${sql.table(table)} in exclusive mode`.execute(tx);
    await projection.reset(tx);
    const types = [...projection.handles];
    const total = await store.countCommitted(tx, types);
    let cursor = LOG_START;
    let done = 0;
    for (;;) {
      // Inline read models keep secret fields (the users model holds password hashes).
      const events = await store.withSecrets.readCommitted(tx, cursor, BATCH, types);
      if (events.length === 0) break;
      for (const event of events) await projection.apply(event, tx);
      done += events.length;
      cursor = { xid: events.at(-1)!.transaction_id, position: events.at(-1)!.global_position };
      onProgress?.(done, total);
    }
  });
}
