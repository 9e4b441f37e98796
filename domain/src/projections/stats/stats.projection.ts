import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { insertRows } from '../../kit/batch-writes';
import { defineProjection } from '../../kit/projection';

const COUNTER_OF = {
  AccountRegistered: 'users_total', AccountVerified: 'users_verified', InviteCreated: 'invites_created', InviteRedeemed: 'invites_redeemed',
  InviteDeleted: 'invites_deleted', AccessRequested: 'access_requests',
} as const;

/** Counters are non-idempotent on purpose: a double apply would show in tests. */
async function increment(tx: Tx, key: string): Promise<void> {
  await tx.insertInto('stats_counters').values({ key, value: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`stats_counters.value + 1` }))
    .execute();
}

/** Platform-wide counters for the admin overview and discover stats. */
export const statsProjection = defineProjection({
  name: 'stats',
  kind: 'async',
  tables: ['stats_counters'],
  handlers: {
    AccountRegistered: (_event, tx) => increment(tx, COUNTER_OF.AccountRegistered),
    AccountVerified: (_event, tx) => increment(tx, COUNTER_OF.AccountVerified),
    InviteCreated: (_event, tx) => increment(tx, COUNTER_OF.InviteCreated),
    InviteRedeemed: (_event, tx) => increment(tx, COUNTER_OF.InviteRedeemed),
    InviteDeleted: (_event, tx) => increment(tx, COUNTER_OF.InviteDeleted),
    AccessRequested: (_event, tx) => increment(tx, COUNTER_OF.AccessRequested),
  },
  /** Counted in memory, then one upsert adds each counter's sum. */
  async applyMany(events, tx) {
    const sums = new Map<string, number>();
    for (const event of events) sums.set(COUNTER_OF[event.type], (sums.get(COUNTER_OF[event.type]) ?? 0) + 1);
    await insertRows(tx, 'stats_counters', ['key', 'value'], [...sums].map(([key, value]) => ({ key, value })),
      sql`on conflict (key) do update set value = stats_counters.value + excluded.value`);
  },
});
