import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  MSG, streamIds, type ApiMessage, type CreateAccountDto, type ResetPasswordDto, type VerifyAccountDto,
} from '@stardeck/contracts';
import type { AccountCommand } from '@stardeck/domain';
import { ConcurrencyError, type Clock, type Db, type EventStore } from '@stardeck/infra';
import { AccountsRepository, PasswordHasher, SessionService, sha256 } from '../auth';
import { ApiError } from '../common/api-error';
import { InviteCommands, InvitesRepository } from '../invites';
import { InjectClock, InjectDatabase, InjectEventStore } from '../platform/tokens';
import { AccountCommands } from './account-commands';
import { MAIL_REQUEST_ANSWER_MS, answerNoSooner } from './answer-floor';

const UNIQUE_VIOLATION = '23505';
/** Parallel requests for mail append to the same account stream; each retries on a lost race. */
const MAIL_REQUEST_ATTEMPTS = 5;

/** Sign-up, verification and password recovery. Their mail goes out from the account mail outbox. */
@Injectable()
export class AccountsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectClock() private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly invites: InvitesRepository,
    private readonly accountCommands: AccountCommands,
    private readonly inviteCommands: InviteCommands,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  /**
   * Registers the account and redeems the invite in one transaction. The invite is appended with
   * the version that was read, so of two people racing for one invite exactly one gets it. The
   * verification mail follows AccountRegistered.
   */
  async createAccount(dto: CreateAccountDto): Promise<{ id: string; username: string }> {
    const inviteInvalid = () => ApiError.badRequest('Create Account', MSG.inviteInvalid, { invitation_key: MSG.inviteInvalid });
    // The invite is checked first: without one, nobody learns which emails or usernames exist.
    const invite = await this.invites.findRedeemable(this.db, dto.invitation_key);
    if (!invite) throw inviteInvalid();
    await this.assertAvailable(dto.email, dto.username);
    const passwordHash = await this.hasher.hash(dto.password);
    const userId = randomUUID();
    // The new member is the actor of their own sign-up.
    const metadata = { actor: userId };
    try {
      await this.store.transaction(async (tx) => {
        await this.accountCommands.runIn(tx, streamIds.user(userId), {
          type: 'RegisterAccount', user_id: userId, email: dto.email, username: dto.username, password_hash: passwordHash,
          role: 'member', invite_id: invite.id, pre_verified: false,
        }, metadata);
        await this.inviteCommands.runIn(tx, streamIds.invite(invite.id), { type: 'RedeemInvite', user_id: userId }, metadata);
      });
    } catch (error) {
      // Someone else redeemed the same invite a moment earlier.
      if (error instanceof ConcurrencyError) throw inviteInvalid();
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        // Someone registered the same email or username between our check and our insert.
        await this.assertAvailable(dto.email, dto.username);
      }
      throw error;
    }
    return { id: userId, username: dto.username };
  }

  async verifyAccount(dto: VerifyAccountDto): Promise<void> {
    await this.store.transaction(async (tx) => {
      const userId = await this.accounts.consumeOneTimeToken(tx, sha256(dto.verification_token), 'verify', this.clock.now());
      if (!userId) throw ApiError.badRequest('Verify Account', MSG.tokenInvalid, { verification_token: MSG.tokenInvalid });
      await this.accountCommands.runIn(tx, streamIds.user(userId), { type: 'VerifyAccount' }, { actor: userId });
    });
  }

  /** The answer is the same, and as fast, whether or not the email has an account. */
  forgotPassword(email: string): Promise<ApiMessage> {
    return answerNoSooner(MAIL_REQUEST_ANSWER_MS, async () => {
      const user = await this.accounts.findByEmail(this.db, email);
      if (user) await this.requestMail(user.id, { type: 'RequestPasswordReset' });
      return { title: 'Forgot Password', description: MSG.resetLinkSent };
    });
  }

  /** The answer is the same, and as fast, whether or not the email has an account, verified or not. */
  resendVerification(email: string): Promise<ApiMessage> {
    return answerNoSooner(MAIL_REQUEST_ANSWER_MS, async () => {
      const user = await this.accounts.findByEmail(this.db, email);
      // A verified account's stream refuses nothing and appends nothing.
      if (user) await this.requestMail(user.id, { type: 'RequestVerification' });
      return { title: 'Resend Verification', description: MSG.verificationLinkSent };
    });
  }

  /**
   * Sets the new password and ends every sign-in of the account. A reset link proves the mailbox,
   * so an account still waiting for verification is verified too.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    const tokenInvalid = () => ApiError.badRequest('Reset Password', MSG.tokenInvalid, { recovery_token: MSG.tokenInvalid });
    const tokenHash = sha256(dto.recovery_token);
    // The cheap check first: a made-up token never gets a password hashed. The token is spent
    // only in the write below, so of two resets racing with one link, one wins.
    if (!(await this.accounts.liveOneTimeToken(this.db, tokenHash, 'reset', this.clock.now()))) throw tokenInvalid();
    const passwordHash = await this.hasher.hash(dto.password);
    await this.store.transaction(async (tx) => {
      const userId = await this.accounts.consumeOneTimeToken(tx, tokenHash, 'reset', this.clock.now());
      if (!userId) throw tokenInvalid();
      const stream = streamIds.user(userId);
      const metadata = { actor: userId };
      await this.accountCommands.runIn(tx, stream, { type: 'ChangePassword', password_hash: passwordHash, reason: 'reset' }, metadata);
      await this.accountCommands.runIn(tx, stream, { type: 'VerifyAccount' }, metadata);
      await this.sessions.revokeAllOfUser(tx, userId);
    });
  }

  private async assertAvailable(email: string, username: string): Promise<void> {
    const taken = await this.accounts.conflicts(this.db, email, username);
    const fields: Record<string, string> = {
      ...(taken.email ? { email: MSG.emailTaken } : {}),
      ...(taken.username ? { username: MSG.usernameTaken } : {}),
    };
    const first = Object.values(fields)[0];
    if (first) throw ApiError.conflict(first, 'Create Account', fields);
  }

  /**
   * Appends the request; the outbox mails the link. Parallel requests for one account race for
   * its stream version, and a lost race must not answer 409 where an unknown address gets 200.
   */
  private async requestMail(userId: string, command: AccountCommand): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.accountCommands.execute(streamIds.user(userId), command, { actor: 'anonymous' });
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAIL_REQUEST_ATTEMPTS) throw error;
      }
    }
  }
}
