import { Injectable } from '@nestjs/common';
import { TRACK_MSG, type TrackEvent } from '@stardeck/contracts';
import { trackDecider, tracksProjection, type TrackCommand, type TrackErrorCode, type TrackState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** The title of a refusal names the action the member tried (spec §8). */
const actionTitle = (command: TrackCommand) =>
  command.type === 'DeleteTrack' ? 'Failed to delete track' : command.type === 'UpdateTrack' ? TRACK_MSG.updateFailed : TRACK_MSG.creationFailed;

/** Commands on track streams, and how each refusal is answered. */
@Injectable()
export class TrackCommands extends CommandHandler<TrackCommand, TrackEvent, TrackState, TrackErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: trackDecider,
      projection: tracksProjection,
      errors: {
        track_exists: (_error, command) => ApiError.conflict(TRACK_MSG.uploadAlreadyTrack, actionTitle(command)),
        track_not_found: (_error, command) => ApiError.notFound(TRACK_MSG.trackNotFound, actionTitle(command)),
      },
    });
  }
}
