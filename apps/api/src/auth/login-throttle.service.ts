import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { ThrottleService, type Admission } from './throttle.service';

/**
 * Failed logins, after OWASP's guidance on authentication: no hard lockout of an account that
 * anyone could trigger. Guesses are refused per address and per account *and* address; across
 * addresses an account is only slowed down, and a browser that already holds the account's
 * sign-in is never held back by anyone else's guesses.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  /** Failures one address may spend on one account in the window (then 429 for that address only). */
  perAccountAndIp: 5,
  /** Failures one address may spend across accounts (shared NATs get room). */
  perIp: 20,
  /** Failures on one account, from anywhere, before its logins are slowed down. */
  accountFreeFailures: 10,
  /** The delay before each further check on that account doubles from this, up to the ceiling. */
  accountDelayBaseMs: 250,
  accountDelayMaxMs: 5_000,
} as const;

const normalised = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `account:${normalised(email)}`;
const accountAndIpKey = (email: string, ip: string) => `account-ip:${normalised(email)}|${ip}`;
const ipKey = (ip: string) => `ip:${ip}`;
const signedInKey = (family: string) => `signed-in:${family}`;

/** How long a login waits before its password check, when its account has had `failures` failures (this attempt included) in the window. */
export function accountSlowDownMs(failures: number): number {
  const over = failures - LOGIN_THROTTLE.accountFreeFailures;
  if (over <= 0) return 0;
  return Math.min(LOGIN_THROTTLE.accountDelayBaseMs * 2 ** Math.min(over - 1, 20), LOGIN_THROTTLE.accountDelayMaxMs);
}

/**
 * Guards password guessing. The account counters are keyed by the email typed, whether or not an
 * account has it, so neither the 429 nor the delay reveals which emails are registered.
 */
@Injectable()
export class LoginThrottleService {
  constructor(private readonly throttle: ThrottleService) {}

  /**
   * Counts the attempt as a failure before the password is checked, so of any number of parallel
   * attempts from one address at most its limits reach the check. The caller refunds it when the
   * password was right. `signedInFamily`: the request carries a live sign-in of this very account
   * (its refresh cookie, of this family). Then nothing anyone else did counts: it has a budget of
   * its own (as large as an address's, so even a sign-in cannot keep the server hashing), and
   * nothing slows it down.
   */
  async admit(email: string, ip: string, options: { signedInFamily: string | null }): Promise<Admission> {
    if (options.signedInFamily) {
      return this.throttle.admit([{ key: signedInKey(options.signedInFamily), limit: LOGIN_THROTTLE.perIp, windowSeconds: LOGIN_THROTTLE.windowSeconds }]);
    }
    const perIp = { key: ipKey(ip), limit: LOGIN_THROTTLE.perIp, windowSeconds: LOGIN_THROTTLE.windowSeconds };
    const admission = await this.throttle.admit([
      perIp,
      { key: accountAndIpKey(email, ip), limit: LOGIN_THROTTLE.perAccountAndIp, windowSeconds: LOGIN_THROTTLE.windowSeconds },
      // Counted, never refused: across addresses an account is slowed down rather than locked.
      { key: accountKey(email), limit: Number.POSITIVE_INFINITY, windowSeconds: LOGIN_THROTTLE.windowSeconds },
    ]);
    const delay = accountSlowDownMs(admission.counts[2]!);
    if (delay > 0) await sleep(delay);
    return admission;
  }
}
