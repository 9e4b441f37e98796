export { InvitesModule } from './invites.module';
export { InviteCommands } from './invite-commands';
export { InvitesRepository, type InviteRow } from './invites.repository';
export { InvitesService } from './invites.service';
