import { Injectable } from '@nestjs/common';
import { SOCIAL_MSG, TRACK_MSG, type LibraryEvent } from '@stardeck/contracts';
import { libraryDecider, libraryProjection, type LibraryCommand, type LibraryEntryState, type LibraryErrorCode } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** Commands on library entries, one stream per member and track, and how each refusal is answered. */
@Injectable()
export class LibraryCommands extends CommandHandler<LibraryCommand, LibraryEvent, LibraryEntryState, LibraryErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: libraryDecider,
      projection: libraryProjection,
      // A save button pressed twice, or in two tabs at once, saves once and answers both with success.
      serialised: true,
      errors: {
        library_track_not_found: () => ApiError.notFound(TRACK_MSG.trackNotFound, SOCIAL_MSG.librarySaveFailed),
      },
    });
  }
}
