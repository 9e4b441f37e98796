import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { InvitesModule } from '../invites';
import { AccessRequestCommands } from './access-request-commands';
import { AccessRequestsController } from './access-requests.controller';
import { AccessRequestsRepository } from './access-requests.repository';
import { AccessRequestsService } from './access-requests.service';

/** The waitlist: requests for access, and the admin's answer with an invite. */
@Module({
  imports: [AuthModule, InvitesModule],
  controllers: [AccessRequestsController],
  providers: [AccessRequestCommands, AccessRequestsRepository, AccessRequestsService],
})
export class AccessRequestsModule {}
