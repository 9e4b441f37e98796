import { randomUUID } from 'node:crypto';
import { Injectable, Inject } from '@nestjs/common';
import {
  MSG, streamIds, type ApiMessage, type CreateAccountDto, type ResetPasswordDto, type VerifyAccountDto,
} from '@stardeck/contracts';
import { ConcurrencyError, type EventMetadata, type Platform } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { DomainError } from '../common/decider';
import { handleCommand } from '../common/event-sourcing';
import { inviteDecider } from '../invites/invites.decider';
import { projectInvites } from '../invites/invites.projection';
import { InvitesRepository } from '../invites/invites.repository';
import { PLATFORM } from '../platform/platform.module';
import { AccountMailService } from './account-mail.service';
import { accountDecider } from './accounts.decider';
import { projectAccounts } from './accounts.projection';
import { AccountsRepository, type OneTimePurpose } from './accounts.repository';
import { PasswordHasher } from './password-hasher';
import { randomToken, sha256 } from './secrets';
import { SessionService } from './session.service';

const HOUR_MS = 60 * 60 * 1000;
export const ONE_TIME_TOKEN_TTL_MS: Record<OneTimePurpose, number> = { reset: HOUR_MS, verify: 48 * HOUR_MS };

const UNIQUE_VIOLATION = '23505';

/** Sign-up, verification and password recovery. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly accounts: AccountsRepository,
    private readonly invites: InvitesRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly mail: AccountMailService,
  ) {}

  /**
   * Registers the account and redeems the invite in one transaction. The invite is appended with
   * the version that was read, so of two people racing for one invite exactly one gets it.
   */
  async createAccount(dto: CreateAccountDto, meta: Omit<EventMetadata, 'actor'>): Promise<{ id: string; username: string }> {
    const inviteInvalid = () => ApiError.badRequest('Create Account', MSG.inviteInvalid, { invitation_key: MSG.inviteInvalid });
    // The invite is checked first: without one, nobody learns which emails or usernames exist.
    const invite = await this.invites.findRedeemable(dto.invitation_key);
    if (!invite) throw inviteInvalid();
    await this.assertAvailable(dto.email, dto.username);
    const passwordHash = await this.hasher.hash(dto.password);
    const userId = randomUUID();
    const token = randomToken();
    const metadata = { ...meta, actor: userId };
    try {
      await this.platform.store.transaction(async (tx) => {
        await handleCommand(this.platform.store, tx, accountDecider, streamIds.user(userId), {
          type: 'RegisterAccount', user_id: userId, email: dto.email, username: dto.username, password_hash: passwordHash,
          role: 'member', invite_id: invite.id, pre_verified: false,
        }, metadata, projectAccounts);
        await handleCommand(this.platform.store, tx, inviteDecider, streamIds.invite(invite.id), { type: 'RedeemInvite', user_id: userId }, metadata, projectInvites);
        await this.accounts.createOneTimeToken(tx, this.oneTimeToken(token, userId, 'verify'));
      });
    } catch (error) {
      if (error instanceof DomainError || error instanceof ConcurrencyError) throw inviteInvalid();
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        // Someone registered the same email or username between our check and our insert.
        await this.assertAvailable(dto.email, dto.username);
      }
      throw error;
    }
    this.mail.sendVerification(dto.email.toLowerCase(), token);
    return { id: userId, username: dto.username };
  }

  async verifyAccount(dto: VerifyAccountDto): Promise<void> {
    await this.platform.store.transaction(async (tx) => {
      const userId = await this.accounts.consumeOneTimeToken(tx, sha256(dto.verification_token), 'verify', new Date());
      if (!userId) throw ApiError.badRequest('Verify Account', MSG.tokenInvalid, { verification_token: MSG.tokenInvalid });
      await handleCommand(this.platform.store, tx, accountDecider, streamIds.user(userId), { type: 'VerifyAccount' }, { actor: userId }, projectAccounts);
    });
  }

  /** The answer is the same whether or not the email has an account. */
  async forgotPassword(email: string): Promise<ApiMessage> {
    const user = await this.accounts.findByEmail(email);
    if (user) {
      const token = randomToken();
      await this.platform.store.transaction((tx) => this.accounts.createOneTimeToken(tx, this.oneTimeToken(token, user.id, 'reset')));
      this.mail.sendPasswordReset(user.email, token);
    }
    return { title: 'Forgot Password', description: MSG.resetLinkSent };
  }

  /** The answer is the same whether or not the email has an account, verified or not. */
  async resendVerification(email: string): Promise<ApiMessage> {
    const user = await this.accounts.findByEmail(email);
    if (user && !user.verified_at) {
      const token = randomToken();
      await this.platform.store.transaction((tx) => this.accounts.createOneTimeToken(tx, this.oneTimeToken(token, user.id, 'verify')));
      this.mail.sendVerification(user.email, token);
    }
    return { title: 'Resend Verification', description: MSG.verificationLinkSent };
  }

  /**
   * Sets the new password and ends every sign-in of the account. A reset link proves the mailbox,
   * so an account still waiting for verification is verified too.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    const passwordHash = await this.hasher.hash(dto.password);
    await this.platform.store.transaction(async (tx) => {
      const userId = await this.accounts.consumeOneTimeToken(tx, sha256(dto.recovery_token), 'reset', new Date());
      if (!userId) throw ApiError.badRequest('Reset Password', MSG.tokenInvalid, { recovery_token: MSG.tokenInvalid });
      const stream = streamIds.user(userId);
      const metadata = { actor: userId };
      await handleCommand(this.platform.store, tx, accountDecider, stream, { type: 'ChangePassword', password_hash: passwordHash, reason: 'reset' }, metadata, projectAccounts);
      await handleCommand(this.platform.store, tx, accountDecider, stream, { type: 'VerifyAccount' }, metadata, projectAccounts);
      await this.sessions.revokeAllOfUser(userId, tx);
    });
  }

  private async assertAvailable(email: string, username: string): Promise<void> {
    const taken = await this.accounts.conflicts(email, username);
    const fields: Record<string, string> = {
      ...(taken.email ? { email: MSG.emailTaken } : {}),
      ...(taken.username ? { username: MSG.usernameTaken } : {}),
    };
    const first = Object.values(fields)[0];
    if (first) throw ApiError.conflict(first, 'Create Account', fields);
  }

  private oneTimeToken(token: string, userId: string, purpose: OneTimePurpose) {
    return { token_hash: sha256(token), user_id: userId, purpose, expires_at: new Date(Date.now() + ONE_TIME_TOKEN_TTL_MS[purpose]) };
  }
}
