import { Module } from '@nestjs/common';
import { ImagesModule } from '../images';
import { ProfilesModule } from '../profiles';
import { TracksModule } from '../tracks';
import { SyndicationController } from './syndication.controller';
import { SyndicationRepository } from './syndication.repository';
import { SyndicationService } from './syndication.service';

/** RSS feeds, oEmbed and the embedded player: public tracks for readers who never sign in. */
@Module({
  imports: [TracksModule, ProfilesModule, ImagesModule],
  controllers: [SyndicationController],
  providers: [SyndicationRepository, SyndicationService],
})
export class SyndicationModule {}
