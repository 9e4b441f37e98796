import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MSG, type LoginDto, type Me } from '@stardeck/contracts';
import type { Clock, Db, EventStore, Logger, StardeckConfig, Tx } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { InjectClock, InjectConfig, InjectDatabase, InjectEventStore, InjectLogger } from '../platform/tokens';
import { AccessTokenService } from './access-token.service';
import { AccountsRepository } from './accounts.repository';
import { LoginThrottleService } from './login-throttle.service';
import { MeService } from './me.service';
import { PasswordHasher } from './password-hasher';
import { randomToken, sha256, successorToken } from './secrets';
import { SessionRepository, type RefreshTokenRow } from './session.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A rotation chain followed on reuse is never longer than a few renewals inside one window. */
const MAX_SUCCESSOR_HOPS = 5;
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
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectLogger() private readonly logger: Logger,
    @InjectClock() private readonly clock: Clock,
    @InjectConfig() private readonly config: StardeckConfig,
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionRepository,
    private readonly throttle: LoginThrottleService,
    private readonly hasher: PasswordHasher,
    private readonly accessTokens: AccessTokenService,
    private readonly meService: MeService,
  ) {}

  /**
   * Signs in; `firstSignIn` tells a member's first sign-in from a return (the greeting differs).
   * `presentedCookie`: the refresh cookie the browser sent, if any. A browser already signed in to
   * this account is never held back by other people's guesses at its password.
   */
  async login(dto: LoginDto, ip: string, presentedCookie?: string): Promise<IssuedSession & { firstSignIn: boolean }> {
    const user = await this.accounts.findByEmail(this.db, dto.email);
    const signedInFamily = user && presentedCookie ? await this.liveSignInOf(presentedCookie, user.id) : null;
    const attempt = await this.throttle.admit(dto.email, ip, { signedInFamily });
    const passwordOk = user ? await this.hasher.verify(user.password_hash, dto.password) : await this.hasher.verifyAgainstNothing(dto.password);
    // A wrong password keeps the failure counted at admission.
    if (!user || !passwordOk) throw loginFailed();
    // The right password is no guess: it gives its own count back. It does not wipe the earlier
    // failures, since that would hand the attempts of a parallel burst still in flight a new budget.
    await attempt.refund();
    // Only someone who knows the password learns that the account waits for verification.
    if (!user.verified_at) throw ApiError.forbidden(MSG.pendingVerification, 'Login');
    const family = { user_id: user.id, family_id: randomUUID(), remember: dto.remember_me === true };
    const token = randomToken();
    const firstSignIn = !(await this.sessions.hasSignedIn(this.db, user.id));
    await this.insertToken(this.db, family, token, this.clock.now());
    return { ...(await this.issued(user.id, { token, familyId: family.family_id, remember: family.remember })), firstSignIn };
  }

  /** The sign-in (family) a refresh cookie is, if it is a live one of `userId`: not revoked, not expired, and current or only just rotated. */
  private async liveSignInOf(presented: string, userId: string): Promise<string | null> {
    const token = await this.sessions.findByHash(this.db, sha256(presented));
    if (!token || token.user_id !== userId || token.revoked_at) return null;
    const now = this.clock.now();
    if (new Date(token.expires_at).getTime() <= now.getTime()) return null;
    return token.used_at === null || this.withinReuseWindow(token, now) ? token.family_id : null;
  }

  /**
   * Rotates the refresh token: the presented one is spent and its successor, of the same family,
   * is set. Presenting a spent token again within the reuse window (tabs renewing at the same
   * instant) answers with that same successor; later, it means the token was copied, so the whole
   * family is revoked.
   */
  async sync(presented: string | undefined): Promise<IssuedSession> {
    if (!presented) throw sessionInvalid();
    const now = this.clock.now();
    const rotated = await this.store.transaction(async (tx) => {
      const spent = await this.sessions.consume(tx, sha256(presented), now);
      if (spent) {
        const token = successorToken(this.config.jwtSecret, presented);
        await this.insertToken(tx, spent, token, now);
        return { userId: spent.user_id, token: { token, familyId: spent.family_id, remember: spent.remember } };
      }
      return this.reuse(tx, presented, now);
    });
    if (!rotated) throw sessionInvalid();
    return this.issued(rotated.userId, rotated.token);
  }

  /** A spent token presented again: its live successor while within the window, else the family ends. */
  private async reuse(tx: Tx, presented: string, now: Date) {
    const known = await this.sessions.findByHash(tx, sha256(presented));
    if (!known?.used_at || known.revoked_at) return null;
    if (!this.withinReuseWindow(known, now)) {
      await this.sessions.revokeFamily(tx, known.family_id, now);
      this.logger.warn({ userId: known.user_id, family: known.family_id }, 'refresh token reused: session family revoked');
      return null;
    }
    // Follow the chain to the live token: another renewal may already have rotated the successor.
    let token = presented;
    for (let hop = 0; hop < MAX_SUCCESSOR_HOPS; hop++) {
      token = successorToken(this.config.jwtSecret, token);
      const successor = await this.sessions.findByHash(tx, sha256(token));
      if (!successor || successor.revoked_at || new Date(successor.expires_at).getTime() <= now.getTime()) return null;
      if (!successor.used_at) return { userId: successor.user_id, token: { token, familyId: successor.family_id, remember: successor.remember } };
    }
    return null;
  }

  private withinReuseWindow(token: RefreshTokenRow, now: Date): boolean {
    return token.used_at !== null && now.getTime() - new Date(token.used_at).getTime() <= this.config.refreshReuseSeconds * 1000;
  }

  /** Ends the sign-in the cookie (or else the Bearer token) belongs to. Always succeeds. */
  async logout(presented: string | undefined, bearer: string | undefined): Promise<void> {
    const now = this.clock.now();
    if (presented) {
      const known = await this.sessions.findByHash(this.db, sha256(presented));
      if (known) return this.sessions.revokeFamily(this.db, known.family_id, now);
    }
    const verified = bearer ? this.accessTokens.verify(bearer) : null;
    if (verified?.ok) await this.sessions.revokeFamily(this.db, verified.claims.fam, now);
  }

  /** After a password change every sign-in of the user ends. */
  revokeAllOfUser(executor: Db | Tx, userId: string): Promise<void> {
    return this.sessions.revokeAllOfUser(executor, userId, this.clock.now());
  }

  /** After a password change in the settings, every other sign-in of the user ends; this one stays. */
  revokeOthersOfUser(executor: Db | Tx, userId: string, keepFamily: string): Promise<void> {
    return this.sessions.revokeOthersOfUser(executor, userId, keepFamily, this.clock.now());
  }

  /** Stores a refresh token of `family` (its hash only); the first one of a sign-in is random. */
  private async insertToken(
    executor: Db | Tx, family: { user_id: string; family_id: string; remember: boolean }, token: string, now: Date,
  ): Promise<void> {
    const lifetime = family.remember ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS;
    await this.sessions.insert(executor, {
      id: randomUUID(), family_id: family.family_id, user_id: family.user_id, token_hash: sha256(token), remember: family.remember,
      expires_at: new Date(now.getTime() + lifetime),
    });
  }

  private async issued(userId: string, refresh: { token: string; familyId: string; remember: boolean }): Promise<IssuedSession> {
    const user = await this.accounts.findById(this.db, userId);
    if (!user) throw sessionInvalid();
    return {
      accessToken: this.accessTokens.sign({ sub: user.id, fam: refresh.familyId }),
      refreshToken: refresh.token,
      cookieMaxAgeSeconds: refresh.remember ? REMEMBERED_SESSION_MS / 1000 : null,
      me: await this.meService.current(user),
    };
  }
}
