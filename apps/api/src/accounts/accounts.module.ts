import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { InvitesModule } from '../invites';
import { AccountCommands } from './account-commands';
import { AccountSettingsController } from './account-settings.controller';
import { AccountSettingsService } from './account-settings.service';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AdminTierController } from './admin-tier.controller';
import { MemberSettingsService } from './member-settings.service';

/**
 * Sign-up with an invite, verification, password recovery, password and email changes, the admin
 * account ensured at start, members' tiers and settings.
 */
@Module({
  imports: [AuthModule, InvitesModule],
  controllers: [AccountsController, AccountSettingsController, AdminTierController],
  providers: [AccountCommands, AccountsService, AccountSettingsService, AdminBootstrapService, MemberSettingsService],
  exports: [AccountCommands, AdminBootstrapService],
})
export class AccountsModule {}
