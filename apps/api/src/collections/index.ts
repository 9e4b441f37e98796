export { CollectionsModule } from './collections.module';
export { CollectionsService } from './collections.service';
export { CollectionReadsService } from './collection-reads.service';
export { CollectionsRepository, collectionSearch, type CollectionFilter } from './collections.repository';
