import { Injectable } from '@nestjs/common';
import { MSG, streamIds, type ChangeEmailDto, type ChangePasswordDto, type ConfirmEmailDto } from '@stardeck/contracts';
import type { Clock, EventStore } from '@stardeck/infra';
import { AccountsRepository, PasswordHasher, SessionService, sha256, type AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { InjectClock, InjectEventStore } from '../platform/tokens';
import { AccountCommands } from './account-commands';

const UNIQUE_VIOLATION = '23505';

/**
 * A signed-in member's own account: a new password (the current one required; every other
 * sign-in ends) and a new email (confirmed by a link mailed to it, changed only then). Both go
 * through the account decider; the mail goes out from the account mail outbox.
 */
@Injectable()
export class AccountSettingsService {
  constructor(
    @InjectEventStore() private readonly store: EventStore,
    @InjectClock() private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly commands: AccountCommands,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  async changePassword(user: AuthUser, dto: ChangePasswordDto): Promise<void> {
    await this.checkCurrentPassword(user, dto.current_password, 'Change Password');
    const passwordHash = await this.hasher.hash(dto.password);
    await this.store.transaction(async (tx) => {
      await this.commands.runIn(tx, streamIds.user(user.id), { type: 'ChangePassword', password_hash: passwordHash, reason: 'change' }, { actor: user.id });
      await this.sessions.revokeOthersOfUser(tx, user.id, user.session_family);
    });
  }

  /**
   * Records the request; the outbox mails the new address. The answer is the same whether or not
   * that address has an account, so it tells nobody which addresses are taken.
   */
  async requestEmailChange(user: AuthUser, dto: ChangeEmailDto): Promise<void> {
    await this.checkCurrentPassword(user, dto.current_password, 'Change Email');
    await this.commands.execute(streamIds.user(user.id), { type: 'RequestEmailChange', email: dto.email }, { actor: user.id });
  }

  /** The link from the mail: the address changes now, if no account took it meanwhile. */
  async confirmEmail(dto: ConfirmEmailDto): Promise<string> {
    const invalid = () => ApiError.badRequest('Change Email', MSG.tokenInvalid, { token: MSG.tokenInvalid });
    try {
      return await this.store.transaction(async (tx) => {
        const token = await this.accounts.consumeMailedToken(tx, sha256(dto.token), 'email', this.clock.now());
        const email = token?.mail_event_id ? await this.accounts.requestedEmail(tx, token.mail_event_id) : null;
        if (!token || !email) throw invalid();
        const taken = await this.accounts.conflicts(tx, email, '');
        if (taken.email) throw ApiError.conflict(MSG.emailTaken, 'Change Email', { email: MSG.emailTaken });
        await this.commands.runIn(tx, streamIds.user(token.user_id), { type: 'ChangeEmail', email }, { actor: token.user_id });
        return email;
      });
    } catch (error) {
      // Someone registered the address between the check and the write.
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw ApiError.conflict(MSG.emailTaken, 'Change Email', { email: MSG.emailTaken });
      throw error;
    }
  }

  /** Against the account row the guard read for this very request. A wrong one is a 400 on the field, never a 401 that would end the sign-in. */
  private async checkCurrentPassword(user: AuthUser, password: string, title: string): Promise<void> {
    if (!(await this.hasher.verify(user.password_hash, password))) {
      throw ApiError.badRequest(title, MSG.currentPasswordWrong, { current_password: MSG.currentPasswordWrong });
    }
  }
}
