import { Injectable } from '@nestjs/common';
import { PROFILE_MSG, displayNameError, type ProfileEvent } from '@stardeck/contracts';
import { profileDecider, profilesProjection, type ProfileCommand, type ProfileErrorCode, type ProfileState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on profile streams, and how each refusal is answered. The forms check the same rules first. */
@Injectable()
export class ProfileCommands extends CommandHandler<ProfileCommand, ProfileEvent, ProfileState, ProfileErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: profileDecider,
      projection: profilesProjection,
      // Saves from several open forms merge into one profile; they queue rather than fail with a conflict.
      serialised: true,
      errors: {
        display_name_invalid: (_error, command) => {
          const message = (command.type === 'ChangeDisplayName' && displayNameError(command.display_name)) || PROFILE_MSG.displayNameTooLong;
          return ApiError.badRequest('Validation Failed', message, { display_name: message });
        },
        bio_too_long: () => ApiError.badRequest('Validation Failed', PROFILE_MSG.bioInvalid, { bio: PROFILE_MSG.bioInvalid }),
        too_many_links: () => ApiError.badRequest('Validation Failed', PROFILE_MSG.tooManyLinks, { links: PROFILE_MSG.tooManyLinks }),
        primary_link: () => ApiError.badRequest('Validation Failed', PROFILE_MSG.onePrimaryLink, { links: PROFILE_MSG.onePrimaryLink }),
      },
    });
  }
}
