import { createHash, randomBytes } from 'node:crypto';

/** What a mailed link lets its holder do once. */
export type OneTimePurpose = 'verify' | 'reset' | 'email';

const HOUR_MS = 60 * 60 * 1000;

/** How long a mailed link works, counted from when its mail is sent. */
export const ONE_TIME_TOKEN_TTL_MS: Record<OneTimePurpose, number> = { reset: HOUR_MS, verify: 48 * HOUR_MS, email: 24 * HOUR_MS };

/** A bearer secret for a cookie or a mailed link: 256 random bits. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as hashes, so a database leak does not hand out sessions or links. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
