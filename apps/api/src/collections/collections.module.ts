import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { TracksModule } from '../tracks';
import { CollectionCommands, CollectionFollowCommands } from './collection-commands';
import { CollectionReadsService } from './collection-reads.service';
import { CollectionViewBuilder } from './collection-view';
import { CollectionsController } from './collections.controller';
import { CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';
import { ManageCollectionsController } from './manage-collections.controller';

/** Collections: members' own lists of tracks, their artwork, and who follows them. */
@Module({
  imports: [AuthModule, TracksModule],
  controllers: [CollectionsController, ManageCollectionsController],
  providers: [CollectionCommands, CollectionFollowCommands, CollectionsRepository, CollectionViewBuilder, CollectionReadsService, CollectionsService],
  exports: [CollectionsService, CollectionReadsService],
})
export class CollectionsModule {}
