import { tierOfAccount, type TierDefinition } from '@stardeck/contracts';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The per-tier caps on what a member may ask the shared transcoders for (contracts' TIERS):
 * uploads an hour, counted when a track is created, and minutes of audio a day, counted once the
 * transcoder has probed a track's duration and before it encodes anything.
 */
export const uploadLimits = {
  async tierOf(executor: Db | Tx, userId: string): Promise<TierDefinition> {
    const account = await executor.selectFrom('users').select(['role', 'tier']).where('id', '=', userId).executeTakeFirst();
    return tierOfAccount(account ?? { role: 'member', tier: 'free' });
  },

  /** Tracks the member created in the hour before `now`, failed ones included: each took a place in the queue. */
  async uploadsInLastHour(executor: Db | Tx, userId: string, now: Date): Promise<number> {
    const row = await executor.selectFrom('tracks').select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId).where('created_at', '>', new Date(now.getTime() - HOUR_MS)).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Seconds of audio in the member's tracks made ready in the day before `now`, `except` one track. */
  async audioSecondsInLastDay(executor: Db | Tx, userId: string, now: Date, except: number): Promise<number> {
    const row = await executor.selectFrom('tracks').select(sql<number>`coalesce(sum(duration), 0)::float8`.as('seconds'))
      .where('user_id', '=', userId).where('status', '=', 'ready').where('id', '!=', except)
      .where('created_at', '>', new Date(now.getTime() - DAY_MS)).executeTakeFirstOrThrow();
    return Number(row.seconds);
  },
};
