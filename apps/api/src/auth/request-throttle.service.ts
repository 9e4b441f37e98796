import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { LoginThrottleRepository } from './login-throttle.repository';

export interface ThrottleRule {
  /** Counter name, e.g. `mail:someone@example.com`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Calls that send mail or probe secrets are limited per address and per target, counted in the
 * same shared table as failed logins, so every API process sees the same budget.
 */
export const REQUEST_LIMITS = {
  /** forgot_password / resend_verification: mail to one address. */
  mailPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  mailPerIp: { limit: 10, windowSeconds: 15 * 60 },
  /** validate_invite: guessing 12-hex keys must stay hopeless. */
  inviteChecksPerIp: { limit: 30, windowSeconds: 15 * 60 },
  /** Upload preflights: each signs a URL and reserves storage. */
  uploadsPerUser: { limit: 100, windowSeconds: 60 * 60 },
} as const;

@Injectable()
export class RequestThrottleService {
  constructor(private readonly counters: LoginThrottleRepository) {}

  /** Counts this call against every rule; 429 with Retry-After once any rule's budget is spent. */
  async consume(rules: ThrottleRule[]): Promise<void> {
    const windows = await Promise.all(rules.map((rule) => this.counters.current([rule.key], rule.windowSeconds)));
    const spent = rules.flatMap((rule, i) => windows[i]!.filter((row) => row.failures >= rule.limit));
    if (spent.length > 0) throw ApiError.tooManyRequests(Math.max(1, ...spent.map((row) => row.seconds_left)));
    await Promise.all(rules.map((rule) => this.counters.record(rule.key, rule.windowSeconds)));
  }

  mailRequest(email: string, ip: string): Promise<void> {
    return this.consume([
      { key: `mail:${email.trim().toLowerCase()}`, ...REQUEST_LIMITS.mailPerEmail },
      { key: `mail-ip:${ip}`, ...REQUEST_LIMITS.mailPerIp },
    ]);
  }

  uploadSigning(userId: string): Promise<void> {
    return this.consume([{ key: `upload:${userId}`, ...REQUEST_LIMITS.uploadsPerUser }]);
  }

  inviteCheck(ip: string): Promise<void> {
    return this.consume([{ key: `invite-check:${ip}`, ...REQUEST_LIMITS.inviteChecksPerIp }]);
  }
}
