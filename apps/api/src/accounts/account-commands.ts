import { Injectable } from '@nestjs/common';
import { MSG, type AccountEvent } from '@stardeck/contracts';
import { accountDecider, usersProjection, type AccountCommand, type AccountErrorCode, type AccountState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on account streams, and how each refusal is answered. */
@Injectable()
export class AccountCommands extends CommandHandler<AccountCommand, AccountEvent, AccountState, AccountErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: accountDecider,
      projection: usersProjection,
      errors: {
        account_exists: () => ApiError.conflict(MSG.conflict, 'Create Account'),
        account_missing: () => ApiError.notFound(MSG.notFound, 'Account'),
        tier_follows_role: (error) => ApiError.conflict(error.message, 'Tier'),
        email_unchanged: () => ApiError.badRequest('Change Email', MSG.emailUnchanged, { email: MSG.emailUnchanged }),
      },
    });
  }
}
