import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ImagesModule } from '../images';
import { ArtworkController } from './artwork.controller';
import { ArtworkService } from './artwork.service';
import { ListeningHistoryRepository } from './listening-history.repository';
import { PendingUploadsRepository } from './pending-uploads.repository';
import { PlayController } from './play.controller';
import { PlayService } from './play.service';
import { TagsController } from './tags.controller';
import { TagsRepository } from './tags.repository';
import { TagsService } from './tags.service';
import { TrackCommands } from './track-commands';
import { TrackSocialRepository } from './track-social.repository';
import { TrackViewBuilder } from './track-view';
import { TracksController } from './tracks.controller';
import { TracksRepository } from './tracks.repository';
import { TracksService } from './tracks.service';
import { UploadSweeper } from './upload-sweeper';
import { UploadController } from './upload.controller';
import { UploadService } from './upload.service';
import { WaveformController } from './waveform.controller';

/** Tracks: uploads, reads and edits, plays and listening history, tags and artwork. */
@Module({
  imports: [AuthModule, ImagesModule],
  controllers: [UploadController, TracksController, PlayController, TagsController, ArtworkController, WaveformController],
  providers: [
    TrackCommands, TracksRepository, TagsRepository, TrackSocialRepository, TagsService, ArtworkService, TrackViewBuilder, TracksService, UploadService,
    PendingUploadsRepository, UploadSweeper, PlayService, ListeningHistoryRepository,
  ],
  exports: [TracksRepository, TrackViewBuilder, TracksService, UploadSweeper, ArtworkService, TagsRepository],
})
export class TracksModule {}
