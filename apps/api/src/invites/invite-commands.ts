import { Injectable } from '@nestjs/common';
import { MSG } from '@stardeck/contracts';
import { inviteDecider, invitesProjection, type InviteCommand, type InviteErrorCode, type InviteState } from '@stardeck/domain';
import type { InviteEvent } from '@stardeck/contracts';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

const inviteInvalid = () => ApiError.badRequest('Create Account', MSG.inviteInvalid, { invitation_key: MSG.inviteInvalid });

/** Commands on invite streams, and how each refusal is answered. */
@Injectable()
export class InviteCommands extends CommandHandler<InviteCommand, InviteEvent, InviteState, InviteErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: inviteDecider,
      projection: invitesProjection,
      errors: {
        invite_exists: () => ApiError.conflict(MSG.conflict, 'Invite'),
        invite_limit_reached: (_error, command) => {
          const { outstanding, limit } = command as Extract<InviteCommand, { type: 'CreateInvite' }>;
          return ApiError.forbidden(`${MSG.inviteLimitReached}: ${outstanding} of ${limit} invites are used or pending`, 'Invite');
        },
        invite_invalid: inviteInvalid,
        invite_not_found: () => ApiError.notFound(MSG.inviteNotFound, 'Invite'),
        invite_used_cannot_delete: () => ApiError.badRequest('Invite', MSG.inviteUsedCannotDelete),
      },
    });
  }
}
