import { sql } from 'kysely';
import type { Projection } from '../../projection';

/** Which counter each event moves. Counters are non-idempotent on purpose: a double apply would show. */
const COUNTER_OF: Record<string, string> = {
  AccountRegistered: 'users_total',
  AccountVerified: 'users_verified',
  InviteCreated: 'invites_created',
  InviteRedeemed: 'invites_redeemed',
  InviteDeleted: 'invites_deleted',
  AccessRequested: 'access_requests',
};

/** Platform-wide counters for the admin overview and discover stats. */
export const statsProjection: Projection = {
  name: 'stats',
  handles: Object.keys(COUNTER_OF),
  async apply(event, tx) {
    const key = COUNTER_OF[event.type]!;
    await tx
      .insertInto('stats_counters')
      .values({ key, value: 1 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`stats_counters.value + 1` }))
      .execute();
  },
  async reset(tx) {
    await tx.deleteFrom('stats_counters').execute();
  },
};
