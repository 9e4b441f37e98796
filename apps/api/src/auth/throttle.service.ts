import { Injectable } from '@nestjs/common';
import type { Db } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { InjectDatabase } from '../platform/tokens';
import { ThrottleCountersRepository } from './throttle-counters.repository';

export interface ThrottleRule {
  /** Counter name, e.g. `mail:someone@example.com`. */
  key: string;
  /** Calls allowed in a window; Infinity counts without refusing. */
  limit: number;
  windowSeconds: number;
}

/** A call the throttle let through; it may give its attempt back once it knows it should not count. */
export interface Admission {
  refund(): Promise<void>;
  /** Each rule's count in its window, this call included, in the order of the rules. */
  counts: number[];
}

/**
 * Every throttle decides after counting, never before: reading a counter and writing it later
 * lets a burst of parallel calls all read the same old value and all pass.
 */
@Injectable()
export class ThrottleService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly counters: ThrottleCountersRepository,
  ) {}

  /**
   * Counts this call against every rule at once, then lets it through only if every count is
   * within its limit; otherwise 429 with Retry-After. A refused call gives its counts back, so it
   * spends no rule's budget; the counts of calls still running stay, so refunds never let more
   * than `limit` calls through a window.
   */
  async admit(rules: readonly ThrottleRule[]): Promise<Admission> {
    const hits = await Promise.all(rules.map((rule) => this.counters.hit(this.db, rule.key, rule.windowSeconds)));
    const refund = async () => {
      await Promise.all(rules.map((rule) => this.counters.refund(this.db, rule.key)));
    };
    const spent = hits.filter((hit, i) => hit.count > rules[i]!.limit);
    if (spent.length > 0) {
      await refund();
      throw ApiError.tooManyRequests(Math.max(...spent.map((hit) => hit.seconds_left)));
    }
    return { refund, counts: hits.map((hit) => hit.count) };
  }
}
