import { Module } from '@nestjs/common';
import { AlbumsModule } from '../albums';
import { AuthModule } from '../auth';
import { CollectionsModule } from '../collections';
import { ProfilesModule } from '../profiles';
import { TracksModule } from '../tracks';
import { DiscoverController } from './discover.controller';
import { DiscoverRepository } from './discover.repository';
import { DiscoverService } from './discover.service';
import { StreamController } from './stream.controller';
import { StreamRepository } from './stream.repository';
import { StreamService } from './stream.service';

/** What members are shown to follow: their own stream, and discover for everyone. */
@Module({
  imports: [AuthModule, TracksModule, ProfilesModule, CollectionsModule, AlbumsModule],
  controllers: [StreamController, DiscoverController],
  providers: [StreamRepository, StreamService, DiscoverRepository, DiscoverService],
})
export class FeedsModule {}
