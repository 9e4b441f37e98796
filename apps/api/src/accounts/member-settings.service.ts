import { Injectable } from '@nestjs/common';
import { streamIds, type MemberTier } from '@stardeck/contracts';
import type { AuthUser } from '../auth';
import { AccountCommands } from './account-commands';

/** A member's tier, set by admins until payments set it. */
@Injectable()
export class MemberSettingsService {
  constructor(private readonly commands: AccountCommands) {}

  async changeTier(admin: AuthUser, userId: string, tier: MemberTier): Promise<{ id: string; tier: MemberTier }> {
    await this.commands.execute(streamIds.user(userId), { type: 'ChangeTier', tier, by: admin.id });
    return { id: userId, tier };
  }
}
