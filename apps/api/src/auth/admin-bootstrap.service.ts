import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { streamIds } from '@stardeck/contracts';
import { ConcurrencyError, type Platform } from '@stardeck/infra';
import { handleCommand, loadStream } from '../common/event-sourcing';
import { PLATFORM } from '../platform/platform.module';
import { accountDecider } from './accounts.decider';
import { projectAccounts } from './accounts.projection';
import { AccountsRepository } from './accounts.repository';
import { PasswordHasher } from './password-hasher';
import { SessionService } from './session.service';

const EMBEDDED_ADMIN_EMAIL = 'admin@stardeck.local';
const UNIQUE_VIOLATION = '23505';
const ATTEMPTS = 5;

/**
 * Makes sure an admin can sign in after start-up. Several processes may start at once, so every
 * step is idempotent and a lost race is retried against the winner's result.
 */
@Injectable()
export class AdminBootstrapService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly accounts: AccountsRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  async ensureAdmin(): Promise<void> {
    const { adminEmail, adminPassword, mode } = this.platform.config;
    if (adminEmail && adminPassword) {
      await this.retrying(() => this.ensureConfiguredAdmin(adminEmail, adminPassword));
      return;
    }
    if (mode !== 'embedded' || (await this.accounts.findAnyAdmin())) return;
    // A bare embedded start gets a usable admin; the password is shown this once and never stored in clear.
    const password = randomBytes(12).toString('base64url');
    const created = await this.retrying(async () => (await this.accounts.findAnyAdmin()) ? false : this.register(EMBEDDED_ADMIN_EMAIL, password));
    if (created) process.stdout.write(`stardeck admin account created: email ${EMBEDDED_ADMIN_EMAIL} password ${password}\n`);
  }

  private async ensureConfiguredAdmin(email: string, password: string): Promise<void> {
    const existing = await this.accounts.findByEmail(email);
    if (!existing) {
      await this.register(email, password);
      return;
    }
    const passwordDiffers = !(await this.hasher.verify(existing.password_hash, password));
    const passwordHash = passwordDiffers ? await this.hasher.hash(password) : null;
    const store = this.platform.store;
    await store.transaction(async (tx) => {
      const stream = streamIds.user(existing.id);
      const metadata = { actor: 'system' };
      await handleCommand(store, tx, accountDecider, stream, { type: 'MakeAdmin' }, metadata, projectAccounts);
      await handleCommand(store, tx, accountDecider, stream, { type: 'VerifyAccount' }, metadata, projectAccounts);
      if (passwordHash) {
        // Re-check inside the transaction: a concurrent start may already have set this password.
        const { state } = await loadStream(store, tx, accountDecider, stream);
        const current = state.status === 'registered' ? state.password_hash : '';
        if (!(await this.hasher.verify(current, password))) {
          await handleCommand(store, tx, accountDecider, stream, { type: 'ChangePassword', password_hash: passwordHash, reason: 'admin_bootstrap' }, metadata, projectAccounts);
          await this.sessions.revokeAllOfUser(existing.id, tx);
        }
      }
    });
  }

  private async register(email: string, password: string): Promise<true> {
    const userId = randomUUID();
    const passwordHash = await this.hasher.hash(password);
    await this.platform.store.transaction(async (tx) => {
      const username = await this.freeUsername(tx);
      await handleCommand(this.platform.store, tx, accountDecider, streamIds.user(userId), {
        type: 'RegisterAccount', user_id: userId, email, username, password_hash: passwordHash, role: 'admin', invite_id: null, pre_verified: true,
      }, { actor: 'system' }, projectAccounts);
    });
    this.platform.logger.info({ userId, email }, 'admin account created');
    return true;
  }

  /** 'admin' unless a member already holds it (usernames compare case-insensitively). */
  private async freeUsername(executor: Parameters<AccountsRepository['conflicts']>[2]): Promise<string> {
    const taken = await this.accounts.conflicts('', 'admin', executor);
    return taken.username ? `admin-${randomBytes(3).toString('hex')}` : 'admin';
  }

  /** Runs `step` again when a concurrent start won a race (unique email/username, stream version). */
  private async retrying<T>(step: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        const raced = error instanceof ConcurrencyError || (error as { code?: string }).code === UNIQUE_VIOLATION;
        if (!raced || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}
