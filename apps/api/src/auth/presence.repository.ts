import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

/** `member_presence`: when each member was last active. No business rules. */
@Injectable()
export class PresenceRepository {
  /**
   * Moves the member's time on when the stored one is at least `intervalMs` old, and answers the
   * stored time: API processes learn of each other's writes and still move it on at most once
   * per interval.
   */
  async touch(executor: Db | Tx, userId: string, now: Date, intervalMs: number): Promise<Date> {
    const row = await executor.insertInto('member_presence').values({ user_id: userId, last_seen_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({
        last_seen_at: sql<Date>`case when member_presence.last_seen_at <= ${new Date(now.getTime() - intervalMs)} then excluded.last_seen_at
          else member_presence.last_seen_at end`,
      }))
      .returning('last_seen_at')
      .executeTakeFirstOrThrow();
    return new Date(row.last_seen_at);
  }

  async lastSeen(executor: Db | Tx, userId: string): Promise<Date | null> {
    const row = await executor.selectFrom('member_presence').select('last_seen_at').where('user_id', '=', userId).executeTakeFirst();
    return row ? new Date(row.last_seen_at) : null;
  }
}
