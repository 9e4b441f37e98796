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
const inviteInvalid = () => ApiError.badRequest('Create Account', MSG.inviteInvalid, { invitation_key: MSG.inviteInvalid });
const usernameTaken = () => ApiError.conflict(MSG.usernameTaken, 'Create Account', { username: MSG.usernameTaken });
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
   *
   * The answer never says whether an email is registered. A taken username is refused (usernames
   * are public anyway); a taken email is answered exactly like a new account: the invite is spent,
   * the password hashed all the same, and the address's owner is told by mail instead.
   */
  async createAccount(dto: CreateAccountDto): Promise<{ id: string; username: string }> {
    // The invite is checked first: without one, nobody learns which usernames exist, and nothing expensive runs.
    const invite = await this.invites.findRedeemable(this.db, dto.invitation_key);
    if (!invite) throw inviteInvalid();
    const taken = await this.accounts.conflicts(this.db, dto.email, dto.username);
    if (taken.username) throw usernameTaken();
    const passwordHash = await this.hasher.hash(dto.password);
    const userId = randomUUID();
    if (taken.email) return this.answerTakenEmail(invite.id, dto, userId);
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
        const raced = await this.accounts.conflicts(this.db, dto.email, dto.username);
        if (raced.username) throw usernameTaken();
        if (raced.email) return this.answerTakenEmail(invite.id, dto, userId);
      }
      throw error;
    }
    return { id: userId, username: dto.username };
  }

  /**
   * A sign-up with an address that has an account: the invite is spent (so it cannot be used to
   * try address after address), the owner's stream records the attempt and the outbox mails them,
   * and the caller gets the answer a new account gets, with an id that names nobody.
   */
  private async answerTakenEmail(inviteId: string, dto: CreateAccountDto, answeredId: string): Promise<{ id: string; username: string }> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.store.transaction(async (tx) => {
          const owner = await this.accounts.findByEmail(tx, dto.email);
          if (!owner) throw inviteInvalid();
          await this.inviteCommands.runIn(tx, streamIds.invite(inviteId), { type: 'RedeemInvite', user_id: null }, { actor: 'anonymous' });
          await this.accountCommands.runIn(tx, streamIds.user(owner.id), { type: 'NoteRegistrationAttempt' }, { actor: 'anonymous' });
        });
        return { id: answeredId, username: dto.username };
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        // The invite went to someone else, or another attempt on the same address wrote first: try that one again.
        if (attempt >= MAIL_REQUEST_ATTEMPTS || !(await this.invites.findRedeemable(this.db, dto.invitation_key))) throw inviteInvalid();
      }
    }
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
