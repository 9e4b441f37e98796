export { TracksModule } from './tracks.module';
export { TracksRepository, type TrackListRow, type TrackRow } from './tracks.repository';
export { TrackViewBuilder } from './track-view';
export { socialFactsOf } from './track-social.repository';
export { TagsRepository } from './tags.repository';
export { ArtworkService, type PreparedArtwork } from './artwork.service';
export { trackIdParam } from './tracks.controller';
export { TracksService } from './tracks.service';
export { UploadSweeper } from './upload-sweeper';
