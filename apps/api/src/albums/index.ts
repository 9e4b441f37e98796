export { AlbumsModule } from './albums.module';
export { AlbumReadsService } from './album-reads.service';
