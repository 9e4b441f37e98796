import { Injectable } from '@nestjs/common';
import { ThrottleService, type Admission } from './throttle.service';

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
  constructor(private readonly throttle: ThrottleService) {}

  /**
   * Counts the attempt as a failure before the password is checked, so of any number of parallel
   * attempts at most the limit reach the check. The caller refunds it when the password was right.
   */
  admit(email: string, ip: string): Promise<Admission> {
    return this.throttle.admit([
      { key: accountKey(email), limit: LOGIN_THROTTLE.perAccount, windowSeconds: LOGIN_THROTTLE.windowSeconds },
      { key: ipKey(ip), limit: LOGIN_THROTTLE.perIp, windowSeconds: LOGIN_THROTTLE.windowSeconds },
    ]);
  }
}
