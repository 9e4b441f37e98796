import { displayName, formatTotalDuration, pixelArtworkSvg, type AlbumView } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { countOf } from '../../../utils/format';
import '../albums.css';

export const albumPath = (album: Pick<AlbumView, 'id' | 'username'>) => `/${album.username}/albums/${album.id}`;

/** The uploaded cover, else the pixel pattern of spec §1 drawn from the album's id. */
export const albumCover = (album: Pick<AlbumView, 'id' | 'artwork'>) =>
  album.artwork ?? `data:image/svg+xml,${encodeURIComponent(pixelArtworkSvg(album.id))}`;

/** Albums as list rows: cover, title, owner, release date, tracks and running time, and visibility when not public. */
export function AlbumList({ albums, label }: { albums: readonly AlbumView[]; label: string }) {
  return (
    <ul className="album-list" aria-label={label}>
      {albums.map((album) => (
        <li key={album.id} className="album-row">
          <img src={albumCover(album)} alt="" width={48} height={48} />
          <div>
            <Link to={albumPath(album)} className="album-row__title">
              {album.title}
            </Link>
            {album.visibility !== 'public' && <span className="tag tag--wait"> [{album.visibility}]</span>}
            <p className="output--muted">
              by {displayName(album)} · released {album.release_date} · {countOf(album.track_count, 'track')} · {formatTotalDuration(album.total_duration)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
