import { ArtworkController } from './artwork.controller';
import { ArtworkService } from './artwork.service';
import { OptionalAuthGuard } from './optional-auth.guard';
import { PlayController } from './play.controller';
import { PlayService } from './play.service';
import { TagsController } from './tags.controller';
import { TagsRepository } from './tags.repository';
import { TrackViewBuilder } from './track-view';
import { TracksController } from './tracks.controller';
import { TracksRepository } from './tracks.repository';
import { TracksService } from './tracks.service';
import { UploadController } from './upload.controller';
import { UploadService } from './upload.service';
import { PendingUploadsRepository } from './pending-uploads.repository';
import { UploadSweeper } from './upload-sweeper';

/** Registered in AppModule beside the auth providers their guards need. */
export const TRACKS_CONTROLLERS = [UploadController, TracksController, PlayController, TagsController, ArtworkController];
export const TRACKS_PROVIDERS = [
  OptionalAuthGuard, TracksRepository, TagsRepository, ArtworkService, TrackViewBuilder, TracksService, UploadService, PendingUploadsRepository, UploadSweeper, PlayService,
];
