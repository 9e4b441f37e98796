import { sql } from 'kysely';
import { LOG_START, cursorOf, type Db, type EventStore, type StoredEvent } from '@stardeck/infra';

/** What the stats projection promises (spec of its counters): one counter per event type. */
export const STATS_COUNTER_OF: Record<string, string> = {
  AccountRegistered: 'users_total',
  AccountVerified: 'users_verified',
  InviteCreated: 'invites_created',
  InviteRedeemed: 'invites_redeemed',
  InviteDeleted: 'invites_deleted',
  AccessRequested: 'access_requests',
};

/** Counted types plus one the projection ignores. */
const TYPES = [...Object.keys(STATS_COUNTER_OF), 'TrackSaved'];

let sequence = 0;

/** Appends `count` events with arbitrary payloads, `perTransaction` to a stream in one transaction. */
export async function appendStatsEvents(store: EventStore, count: number, perTransaction = 1): Promise<void> {
  for (let done = 0; done < count; done += perTransaction) {
    const n = Math.min(perTransaction, count - done);
    const id = `${process.pid}x${++sequence}`;
    const events = Array.from({ length: n }, (_, i) => ({ type: TYPES[(sequence + i) % TYPES.length]!, data: { id, i } }));
    await store.append(`stats-${id}`, 0, events, { actor: 'system' });
  }
}

/**
 * Every committed event in commit-safe order. readAfter hides transactions newer than the oldest
 * appender still running in this database, so read until the log holds as many events as are
 * committed.
 */
export async function wholeLog(store: EventStore): Promise<StoredEvent[]> {
  const { n } = await store.db.selectFrom('events').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const committed = Number(n);
  const out: StoredEvent[] = [];
  const deadline = Date.now() + 20_000;
  while (out.length < committed && Date.now() < deadline) {
    const batch = await store.readAfter(out.length ? cursorOf(out.at(-1)!) : LOG_START, 5000);
    out.push(...batch);
    if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return out;
}

/** The counters as computed straight from the log. */
export async function countersFromLog(store: EventStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const event of await wholeLog(store)) {
    const key = STATS_COUNTER_OF[event.type];
    if (key) counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export async function statsCounters(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('stats_counters').select(['key', 'value']).execute();
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.value)]));
}
