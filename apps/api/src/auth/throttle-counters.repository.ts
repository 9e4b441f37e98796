import { Injectable } from '@nestjs/common';
import type { Db, Tx } from '@stardeck/infra';
import { sql } from 'kysely';

export interface CounterHit {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the count starts again. */
  seconds_left: number;
}

/**
 * Throttle counters in `login_failures` (named after its first use; it holds every throttle's
 * counters), so every API process counts the same attempts. Database time decides the window, so
 * processes with drifting clocks still agree.
 */
@Injectable()
export class ThrottleCountersRepository {
  /**
   * Counts one attempt and returns the new count in one statement: the row lock of the upsert
   * orders parallel callers, so each one sees a different count and at most `limit` of them see
   * one within the limit. A window that has passed starts again at 1.
   */
  async hit(executor: Db | Tx, key: string, windowSeconds: number): Promise<CounterHit> {
    const window = sql`make_interval(secs => ${windowSeconds})`;
    const { rows } = await sql<CounterHit>`
      INSERT INTO login_failures AS c (key, failures, window_started_at) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN c.window_started_at <= now() - ${window} THEN 1 ELSE c.failures + 1 END,
        window_started_at = CASE WHEN c.window_started_at <= now() - ${window} THEN now() ELSE c.window_started_at END
      RETURNING c.failures AS count,
        greatest(1, ceil(extract(epoch from (c.window_started_at + ${window} - now()))))::int AS seconds_left`.execute(executor);
    return rows[0]!;
  }

  /** Takes back one counted attempt: one that was refused, or a login that turned out right. */
  async refund(executor: Db | Tx, key: string): Promise<void> {
    await executor.updateTable('login_failures').set({ failures: sql<number>`greatest(failures - 1, 0)` }).where('key', '=', key).execute();
  }
}
