import { Injectable } from '@nestjs/common';
import { ALBUM_MSG, MSG, type AlbumEvent } from '@stardeck/contracts';
import { albumDecider, albumsProjection, type AlbumCommand, type AlbumErrorCode, type AlbumState } from '@stardeck/domain';
import type { EventStore } from '@stardeck/infra';
import { ApiError } from '../common/api-error';
import { CommandHandler } from '../common/command-handler';
import { InjectEventStore } from '../platform/tokens';

/** The title of a refusal names what the member tried (spec §8). */
const titleOf = (command: AlbumCommand) => (command.type === 'DeleteAlbum' ? ALBUM_MSG.deleteFailed : 'Album');
const invalid = (command: AlbumCommand, message: string) => ApiError.badRequest(titleOf(command), message, { track_ids: message });

/** Commands on album streams, and how each refusal is answered. */
@Injectable()
export class AlbumCommands extends CommandHandler<AlbumCommand, AlbumEvent, AlbumState, AlbumErrorCode> {
  constructor(@InjectEventStore() store: EventStore) {
    super(store, {
      decider: albumDecider,
      projection: albumsProjection,
      errors: {
        album_exists: () => ApiError.conflict(MSG.conflict, 'Album'),
        album_not_found: (_error, command) => ApiError.notFound(ALBUM_MSG.notFound, titleOf(command)),
        album_needs_tier: (_error, command) => ApiError.forbidden(ALBUM_MSG.upgradeToCore, titleOf(command)),
        album_title_required: () => ApiError.badRequest('Album', ALBUM_MSG.titleRequired, { title: ALBUM_MSG.titleRequired }),
        album_track_count: (_error, command) => invalid(command, ALBUM_MSG.tracksRequired),
        album_track_repeated: (_error, command) => invalid(command, ALBUM_MSG.trackRepeated),
        album_track_not_own: (_error, command) => invalid(command, ALBUM_MSG.trackNotOwn),
        album_limit_reached: () => ApiError.forbidden(ALBUM_MSG.limitReached, 'Album'),
      },
    });
  }
}
