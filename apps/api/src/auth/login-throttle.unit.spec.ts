import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, accountSlowDownMs } from './login-throttle.service';

describe('per-account slow-down of failed logins', () => {
  it('waits nothing for the first failures, then doubles the wait up to a ceiling, and never refuses', () => {
    const free = LOGIN_THROTTLE.accountFreeFailures;
    expect(accountSlowDownMs(1)).toBe(0);
    expect(accountSlowDownMs(free)).toBe(0);
    expect(accountSlowDownMs(free + 1)).toBe(LOGIN_THROTTLE.accountDelayBaseMs);
    expect(accountSlowDownMs(free + 2)).toBe(2 * LOGIN_THROTTLE.accountDelayBaseMs);
    expect(accountSlowDownMs(free + 3)).toBe(4 * LOGIN_THROTTLE.accountDelayBaseMs);
    expect(accountSlowDownMs(1_000_000)).toBe(LOGIN_THROTTLE.accountDelayMaxMs);
  });
});
