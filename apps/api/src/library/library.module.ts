import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { CollectionsModule } from '../collections';
import { TracksModule } from '../tracks';
import { LibraryCommands } from './library-commands';
import { LibraryController } from './library.controller';
import { LibraryRepository } from './library.repository';
import { LibraryService } from './library.service';

/** Members' libraries of saved tracks. Removing a track also takes it out of the member's collections. */
@Module({
  imports: [AuthModule, TracksModule, CollectionsModule],
  controllers: [LibraryController],
  providers: [LibraryCommands, LibraryRepository, LibraryService],
})
export class LibraryModule {}
