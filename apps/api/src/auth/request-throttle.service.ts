import { Injectable } from '@nestjs/common';
import { ThrottleService, type ThrottleRule } from './throttle.service';

/**
 * Calls that send mail, probe secrets or fill the waitlist are limited per address and per
 * target, counted in the same shared table as failed logins, so every API process sees the same
 * budget.
 */
export const REQUEST_LIMITS = {
  /** forgot_password / resend_verification: mail to one address. */
  mailPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  mailPerIp: { limit: 10, windowSeconds: 15 * 60 },
  /** access_request: the waitlist is read by admins, so one email or one address cannot bury it. */
  accessRequestsPerEmail: { limit: 3, windowSeconds: 24 * 60 * 60 },
  accessRequestsPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** reset_password: each try with a live link hashes a password, and links must not be guessed. */
  passwordResetsPerIp: { limit: 10, windowSeconds: 15 * 60 },
  /** validate_invite: guessing 12-hex keys must stay hopeless. */
  inviteChecksPerIp: { limit: 30, windowSeconds: 15 * 60 },
  /** Upload preflights: each signs a URL and reserves storage. */
  uploadsPerUser: { limit: 100, windowSeconds: 60 * 60 },
  /** Contact form: each message is mailed to every admin. */
  contactPerUser: { limit: 5, windowSeconds: 60 * 60 },
  /** Password and email changes: each checks the current password, so they are guesses too. */
  accountChangesPerUser: { limit: 10, windowSeconds: 15 * 60 },
  accountChangesPerIp: { limit: 30, windowSeconds: 15 * 60 },
  /** Direct messages: each one raises the recipient's unread count; a flood is never a conversation. */
  directMessagesPerUser: { limit: 30, windowSeconds: 60 },
} as const;

const normalised = (email: string) => email.trim().toLowerCase();

@Injectable()
export class RequestThrottleService {
  constructor(private readonly throttle: ThrottleService) {}

  /** Counts this call against every rule; 429 with Retry-After once any rule's budget is spent. */
  async consume(rules: ThrottleRule[]): Promise<void> {
    await this.throttle.admit(rules);
  }

  mailRequest(email: string, ip: string): Promise<void> {
    return this.consume([
      { key: `mail:${normalised(email)}`, ...REQUEST_LIMITS.mailPerEmail },
      { key: `mail-ip:${ip}`, ...REQUEST_LIMITS.mailPerIp },
    ]);
  }

  accountChange(userId: string, ip: string): Promise<void> {
    return this.consume([
      { key: `account-change:${userId}`, ...REQUEST_LIMITS.accountChangesPerUser },
      { key: `account-change-ip:${ip}`, ...REQUEST_LIMITS.accountChangesPerIp },
    ]);
  }

  accessRequest(email: string, ip: string): Promise<void> {
    return this.consume([
      { key: `access-request:${normalised(email)}`, ...REQUEST_LIMITS.accessRequestsPerEmail },
      { key: `access-request-ip:${ip}`, ...REQUEST_LIMITS.accessRequestsPerIp },
    ]);
  }

  uploadSigning(userId: string): Promise<void> {
    return this.consume([{ key: `upload:${userId}`, ...REQUEST_LIMITS.uploadsPerUser }]);
  }

  contact(userId: string): Promise<void> {
    return this.consume([{ key: `contact:${userId}`, ...REQUEST_LIMITS.contactPerUser }]);
  }

  directMessage(userId: string): Promise<void> {
    return this.consume([{ key: `direct-message:${userId}`, ...REQUEST_LIMITS.directMessagesPerUser }]);
  }

  passwordReset(ip: string): Promise<void> {
    return this.consume([{ key: `password-reset-ip:${ip}`, ...REQUEST_LIMITS.passwordResetsPerIp }]);
  }

  inviteCheck(ip: string): Promise<void> {
    return this.consume([{ key: `invite-check:${ip}`, ...REQUEST_LIMITS.inviteChecksPerIp }]);
  }
}
