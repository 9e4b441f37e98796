import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { MSG, type LoginDto, type Me } from '@stardeck/contracts';
import type { Db, Platform, Tx } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { PLATFORM } from '../platform/platform.module';
import { AccessTokenService } from './access-token.service';
import { AccountsRepository } from './accounts.repository';
import { LoginThrottleService } from './login-throttle.service';
import { MeService } from './me.service';
import { PasswordHasher } from './password-hasher';
import { randomToken, sha256 } from './secrets';
import { SessionRepository } from './session.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Remember me" keeps a persistent cookie for 30 days; otherwise a browser-session cookie the server honours for 1 day. */
export const REMEMBERED_SESSION_MS = 30 * DAY_MS;
export const BROWSER_SESSION_MS = DAY_MS;

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  /** Cookie lifetime in seconds when persistent; null for a session cookie. */
  cookieMaxAgeSeconds: number | null;
  me: Me;
}

const loginFailed = () => ApiError.unauthorized(MSG.invalidCredentials, 'Login');
const sessionInvalid = () => ApiError.unauthorized(MSG.sessionExpired, 'Session Expired');

/**
 * Sign-in state: a family of rotating refresh tokens per sign-in (httpOnly cookie) and short-lived
 * access tokens that name their family, so revoking the family ends both.
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionRepository,
    private readonly throttle: LoginThrottleService,
    private readonly hasher: PasswordHasher,
    private readonly accessTokens: AccessTokenService,
    private readonly meService: MeService,
  ) {}

  async login(dto: LoginDto, ip: string): Promise<IssuedSession> {
    await this.throttle.assertAllowed(dto.email, ip);
    const user = await this.accounts.findByEmail(dto.email);
    const passwordOk = user ? await this.hasher.verify(user.password_hash, dto.password) : await this.hasher.verifyAgainstNothing(dto.password);
    if (!user || !passwordOk) {
      await this.throttle.recordFailure(dto.email, ip);
      throw loginFailed();
    }
    // Only someone who knows the password learns that the account waits for verification.
    if (!user.verified_at) throw ApiError.forbidden(MSG.pendingVerification, 'Login');
    await this.throttle.recordSuccess(dto.email);
    const remember = dto.remember_me === true;
    const refreshToken = await this.insertToken(this.platform.database.db, user.id, randomUUID(), remember, new Date());
    return this.issued(user.id, refreshToken);
  }

  /**
   * Rotates the refresh token: the presented one is spent and a new one of the same family is set.
   * Presenting a spent token means it was copied, so the whole family is revoked.
   */
  async sync(presented: string | undefined): Promise<IssuedSession> {
    if (!presented) throw sessionInvalid();
    const now = new Date();
    const tokenHash = sha256(presented);
    const rotated = await this.platform.store.transaction(async (tx) => {
      const spent = await this.sessions.consume(tx, tokenHash, now);
      if (!spent) {
        const known = await this.sessions.findByHash(tokenHash, tx);
        if (known?.used_at && !known.revoked_at) {
          await this.sessions.revokeFamily(known.family_id, now, tx);
          this.platform.logger.warn({ userId: known.user_id, family: known.family_id }, 'refresh token reused: session family revoked');
        }
        return null;
      }
      return { userId: spent.user_id, token: await this.insertToken(tx, spent.user_id, spent.family_id, spent.remember, now) };
    });
    if (!rotated) throw sessionInvalid();
    return this.issued(rotated.userId, rotated.token);
  }

  /** Ends the sign-in the cookie (or else the Bearer token) belongs to. Always succeeds. */
  async logout(presented: string | undefined, bearer: string | undefined): Promise<void> {
    const now = new Date();
    if (presented) {
      const known = await this.sessions.findByHash(sha256(presented));
      if (known) return this.sessions.revokeFamily(known.family_id, now);
    }
    const verified = bearer ? this.accessTokens.verify(bearer) : null;
    if (verified?.ok) await this.sessions.revokeFamily(verified.claims.fam, now);
  }

  /** After a password change every sign-in of the user ends. */
  revokeAllOfUser(userId: string, executor: Db | Tx): Promise<void> {
    return this.sessions.revokeAllOfUser(userId, new Date(), executor);
  }

  private async insertToken(executor: Db | Tx, userId: string, familyId: string, remember: boolean, now: Date) {
    const token = randomToken();
    const lifetime = remember ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS;
    await this.sessions.insert(executor, {
      id: randomUUID(), family_id: familyId, user_id: userId, token_hash: sha256(token), remember,
      expires_at: new Date(now.getTime() + lifetime),
    });
    return { token, familyId, remember };
  }

  private async issued(userId: string, refresh: { token: string; familyId: string; remember: boolean }): Promise<IssuedSession> {
    const user = await this.accounts.findById(userId);
    if (!user) throw sessionInvalid();
    return {
      accessToken: this.accessTokens.sign({ sub: user.id, fam: refresh.familyId }),
      refreshToken: refresh.token,
      cookieMaxAgeSeconds: refresh.remember ? REMEMBERED_SESSION_MS / 1000 : null,
      me: this.meService.toMe(user),
    };
  }
}
