import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ProfilesModule } from '../profiles';
import { InviteCommands } from './invite-commands';
import { InvitesController } from './invites.controller';
import { InvitesRepository } from './invites.repository';
import { InvitesService } from './invites.service';

/** Members' invite codes and their redemption. */
@Module({
  imports: [AuthModule, ProfilesModule],
  controllers: [InvitesController],
  providers: [InviteCommands, InvitesRepository, InvitesService],
  exports: [InviteCommands, InvitesRepository, InvitesService],
})
export class InvitesModule {}
