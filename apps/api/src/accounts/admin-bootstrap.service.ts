import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { streamIds } from '@stardeck/contracts';
import { accountDecider, loadStream } from '@stardeck/domain';
import { ConcurrencyError, type Db, type EventStore, type Logger, type StardeckConfig, type Tx } from '@stardeck/infra';
import { AccountsRepository, PasswordHasher, SessionService } from '../auth';
import { InjectConfig, InjectDatabase, InjectEventStore, InjectLogger } from '../platform/tokens';
import { AccountCommands } from './account-commands';
import type { FirstAdminCredentials } from './admin-credentials-box';

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
    @InjectConfig() private readonly config: StardeckConfig,
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectLogger() private readonly logger: Logger,
    private readonly accounts: AccountsRepository,
    private readonly commands: AccountCommands,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
  ) {}

  /**
   * The credentials of an admin made just now on a bare embedded start, for the operator to read
   * once (the caller prints them when the site is up); null when nothing was made.
   */
  async ensureAdmin(): Promise<FirstAdminCredentials | null> {
    const { adminEmail, adminPassword, mode } = this.config;
    if (adminEmail && adminPassword) {
      await this.retrying(() => this.ensureConfiguredAdmin(adminEmail, adminPassword));
      return null;
    }
    if (mode !== 'embedded' || (await this.accounts.findAnyAdmin(this.db))) return null;
    // A bare embedded start gets a usable admin; the password is shown this once and never stored in clear.
    const password = randomBytes(12).toString('base64url');
    const created = await this.retrying(async () => (await this.accounts.findAnyAdmin(this.db)) ? false : this.register(EMBEDDED_ADMIN_EMAIL, password));
    return created ? { email: EMBEDDED_ADMIN_EMAIL, password } : null;
  }

  private async ensureConfiguredAdmin(email: string, password: string): Promise<void> {
    const existing = await this.accounts.findByEmail(this.db, email);
    if (!existing) {
      await this.register(email, password);
      return;
    }
    const passwordDiffers = !(await this.hasher.verify(existing.password_hash, password));
    const passwordHash = passwordDiffers ? await this.hasher.hash(password) : null;
    await this.store.transaction(async (tx) => {
      const stream = streamIds.user(existing.id);
      await this.commands.runIn(tx, stream, { type: 'MakeAdmin' });
      await this.commands.runIn(tx, stream, { type: 'VerifyAccount' });
      if (passwordHash) {
        // Re-check inside the transaction: a concurrent start may already have set this password.
        const { state } = await loadStream(this.store, tx, accountDecider, stream);
        const current = state.status === 'registered' ? state.password_hash : '';
        if (!(await this.hasher.verify(current, password))) {
          await this.commands.runIn(tx, stream, { type: 'ChangePassword', password_hash: passwordHash, reason: 'admin_bootstrap' });
          await this.sessions.revokeAllOfUser(tx, existing.id);
        }
      }
    });
  }

  private async register(email: string, password: string): Promise<true> {
    const userId = randomUUID();
    const passwordHash = await this.hasher.hash(password);
    await this.store.transaction(async (tx) => {
      const username = await this.freeUsername(tx);
      await this.commands.runIn(tx, streamIds.user(userId), {
        type: 'RegisterAccount', user_id: userId, email, username, password_hash: passwordHash, role: 'admin', invite_id: null, pre_verified: true,
      });
    });
    this.logger.info({ userId, email }, 'admin account created');
    return true;
  }

  /** 'admin' unless a member already holds it (usernames compare case-insensitively). */
  private async freeUsername(tx: Tx): Promise<string> {
    const taken = await this.accounts.conflicts(tx, '', 'admin');
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
