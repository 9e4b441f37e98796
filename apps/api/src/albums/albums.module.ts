import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { TracksModule } from '../tracks';
import { AlbumCommands } from './album-commands';
import { AlbumReadsService } from './album-reads.service';
import { AlbumViewBuilder } from './album-view';
import { AlbumsController } from './albums.controller';
import { AlbumsRepository } from './albums.repository';
import { AlbumsService } from './albums.service';

/** Albums: members' releases of their own tracks, in order. */
@Module({
  imports: [AuthModule, TracksModule],
  controllers: [AlbumsController],
  providers: [AlbumCommands, AlbumsRepository, AlbumViewBuilder, AlbumReadsService, AlbumsService],
  exports: [AlbumReadsService],
})
export class AlbumsModule {}
