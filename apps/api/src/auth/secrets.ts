import { createHmac, randomBytes } from 'node:crypto';

/** The mail outbox makes links with the same functions the API checks them with. */
export { randomToken, sha256 } from '@stardeck/domain';

/**
 * The refresh token that replaces `presented` when it is rotated. Derived rather than random, so a
 * second presentation of the same token (another tab renewing at the same instant) can be given
 * the very successor the first one got, although only hashes are stored. Without the key the
 * successor cannot be guessed from the spent token.
 */
export function successorToken(key: string, presented: string): string {
  return createHmac('sha256', key).update(`refresh-successor:${presented}`).digest('base64url');
}

/** Invite keys: 12 lowercase hex characters (spec §5). */
export function randomInviteKey(): string {
  return randomBytes(6).toString('hex');
}
