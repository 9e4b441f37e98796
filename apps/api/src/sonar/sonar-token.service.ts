import { createSecretKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { SONAR, type SonarTokenData } from '@stardeck/contracts';
import type { Clock, Db, StardeckConfig } from '@stardeck/infra';
import { AccountsRepository, SessionCheckService, type UserRow } from '../auth';
import { InjectClock, InjectConfig, InjectDatabase } from '../platform/tokens';

/** Its own issuer: a chat token never passes as an access token, nor an access token as a chat token. */
export const SONAR_TOKEN_ISSUER = 'stardeck-sonar';

export type SonarTokenCheck =
  | { ok: true; user: UserRow; family: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'ended' };

/**
 * Short-lived chat tokens (POST /v1/sonar/token): the only thing the chat socket accepts. Each
 * names its member and sign-in, so signing out ends the chat too.
 */
@Injectable()
export class SonarTokenService {
  private readonly jwt: JwtService;

  constructor(
    @InjectConfig() config: StardeckConfig,
    @InjectDatabase() private readonly db: Db,
    @InjectClock() private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionCheckService,
  ) {
    this.jwt = new JwtService({
      secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
      signOptions: { algorithm: 'HS256', expiresIn: SONAR.tokenTtlSeconds, issuer: SONAR_TOKEN_ISSUER },
      verifyOptions: { algorithms: ['HS256'], issuer: SONAR_TOKEN_ISSUER },
    });
  }

  issue(user: { id: string; session_family: string }): SonarTokenData {
    const token = this.jwt.sign({ sub: user.id, fam: user.session_family });
    const expiresAt = new Date(this.clock.now().getTime() + SONAR.tokenTtlSeconds * 1000);
    return { token, expires_at: expiresAt.toISOString() };
  }

  async check(token: string): Promise<SonarTokenCheck> {
    let claims: { sub: string; fam: string };
    try {
      claims = this.jwt.verify<{ sub: string; fam: string }>(token);
    } catch (error) {
      return { ok: false, reason: error instanceof TokenExpiredError ? 'expired' : 'invalid' };
    }
    if (typeof claims.sub !== 'string' || typeof claims.fam !== 'string') return { ok: false, reason: 'invalid' };
    const [user, live] = await Promise.all([this.accounts.findById(this.db, claims.sub), this.sessions.liveFamilies([claims.fam])]);
    if (!user || !user.verified_at || !live.has(claims.fam)) return { ok: false, reason: 'ended' };
    return { ok: true, user, family: claims.fam };
  }
}
