import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { LoginThrottleRepository } from './login-throttle.repository';

/** Failed logins allowed per window before HTTP 429: a tight bound per account, a looser one per address (shared NATs). */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  perAccount: 5,
  perIp: 20,
} as const;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Guards password guessing. The account counter is keyed by the email typed, whether or not an
 * account has it, so the 429 itself reveals nothing about which emails are registered.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly failures: LoginThrottleRepository) {}

  async assertAllowed(email: string, ip: string): Promise<void> {
    const rows = await this.failures.current([accountKey(email), ipKey(ip)], LOGIN_THROTTLE.windowSeconds);
    const blocked = rows.filter((row) =>
      row.failures >= (row.key.startsWith('account:') ? LOGIN_THROTTLE.perAccount : LOGIN_THROTTLE.perIp));
    if (blocked.length > 0) {
      throw ApiError.tooManyRequests(Math.max(1, ...blocked.map((row) => row.seconds_left)));
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.failures.record(accountKey(email), LOGIN_THROTTLE.windowSeconds),
      this.failures.record(ipKey(ip), LOGIN_THROTTLE.windowSeconds),
    ]);
  }

  async recordSuccess(email: string): Promise<void> {
    await this.failures.clear(accountKey(email));
  }
}
