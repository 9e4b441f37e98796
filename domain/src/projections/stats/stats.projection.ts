import type { Tx } from '@stardeck/infra';
import { sql } from 'kysely';
import { defineProjection } from '../../kit/projection';

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
    AccountRegistered: (_event, tx) => increment(tx, 'users_total'),
    AccountVerified: (_event, tx) => increment(tx, 'users_verified'),
    InviteCreated: (_event, tx) => increment(tx, 'invites_created'),
    InviteRedeemed: (_event, tx) => increment(tx, 'invites_redeemed'),
    InviteDeleted: (_event, tx) => increment(tx, 'invites_deleted'),
    AccessRequested: (_event, tx) => increment(tx, 'access_requests'),
  },
});
