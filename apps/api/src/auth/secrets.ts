import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret for a cookie or a mailed link: 256 random bits. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as hashes, so a database leak does not hand out sessions or links. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Invite keys: 12 lowercase hex characters (spec §5). */
export function randomInviteKey(): string {
  return randomBytes(6).toString('hex');
}
