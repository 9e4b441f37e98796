import { Inject, Injectable } from '@nestjs/common';
import type { Db, Platform } from '@stardeck/infra';
import { sql } from 'kysely';
import { PLATFORM } from '../platform/platform.module';

export interface FailureWindow {
  key: string;
  failures: number;
  window_started_at: Date;
}

/**
 * Failed-login counters in `login_failures`, so every API process counts the same attempts.
 * Database time decides the window, so processes with drifting clocks still agree.
 */
@Injectable()
export class LoginThrottleRepository {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.database.db;
  }

  /** Counters still inside their window, with the seconds left until each window ends. */
  async current(keys: string[], windowSeconds: number): Promise<Array<FailureWindow & { seconds_left: number }>> {
    if (keys.length === 0) return [];
    return this.db
      .selectFrom('login_failures')
      .select(['key', 'failures', 'window_started_at'])
      .select(sql<number>`ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int`.as('seconds_left'))
      .where('key', 'in', keys)
      .where(sql<boolean>`window_started_at > now() - make_interval(secs => ${windowSeconds})`)
      .execute();
  }

  /** Counts one failure, starting a new window when the old one has passed. */
  async record(key: string, windowSeconds: number): Promise<void> {
    await sql`
      INSERT INTO login_failures (key, failures, window_started_at) VALUES (${key}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN login_failures.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                        THEN 1 ELSE login_failures.failures + 1 END,
        window_started_at = CASE WHEN login_failures.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                                 THEN now() ELSE login_failures.window_started_at END`.execute(this.db);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('key', '=', key).execute();
  }
}
