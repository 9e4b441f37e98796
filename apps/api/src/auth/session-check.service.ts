import { Injectable } from '@nestjs/common';
import type { Db } from '@stardeck/infra';
import { InjectDatabase } from '../platform/tokens';
import { AccessTokenService } from './access-token.service';
import { AccountsRepository, type UserRow } from './accounts.repository';
import { SessionRepository } from './session.repository';

export type SessionCheck =
  | { ok: true; user: UserRow; family: string; expiresAt: Date }
  /** invalid: not a token of ours; expired: renew and retry; ended: signed out or revoked; unverified: not yet allowed in. */
  | { ok: false; reason: 'invalid' | 'expired' | 'ended' | 'unverified' };

/**
 * Whether an access token stands for a live sign-in: a valid signature, not expired, its session
 * family not revoked (logout, password change, a reused refresh token) and a verified account.
 * HTTP requests ask once each; open sockets ask when they connect and again while they stay open.
 */
@Injectable()
export class SessionCheckService {
  constructor(
    private readonly tokens: AccessTokenService,
    @InjectDatabase() private readonly db: Db,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionRepository,
  ) {}

  async check(token: string): Promise<SessionCheck> {
    const result = this.tokens.verify(token);
    if (!result.ok) return { ok: false, reason: result.expired ? 'expired' : 'invalid' };
    const found = await this.accounts.findWithSession(this.db, result.claims.sub, result.claims.fam);
    if (!found?.live) return { ok: false, reason: 'ended' };
    if (!found.user.verified_at) return { ok: false, reason: 'unverified' };
    return { ok: true, user: found.user, family: result.claims.fam, expiresAt: result.expiresAt };
  }

  /** Of these session families, the ones still signed in. */
  liveFamilies(families: readonly string[]): Promise<Set<string>> {
    return this.sessions.liveFamilies(this.db, families);
  }
}
