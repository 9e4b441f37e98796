import type { AlbumView } from '@stardeck/contracts/browser';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getTrackAlbums } from '../api/albums';
import { albumPath } from './album-list';

/** On a track's page: the albums that hold it, each linking back to its album page. */
export function TrackAlbums({ trackId }: { trackId: number }) {
  const [albums, setAlbums] = useState<AlbumView[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void getTrackAlbums(trackId, controller.signal).then((result) => {
      if (result.ok) setAlbums(result.envelope.data!.albums);
    });
    return () => controller.abort();
  }, [trackId]);
  if (albums.length === 0) return null;
  return (
    <p className="output track-albums">
      on {albums.length === 1 ? 'the album' : 'the albums'}{' '}
      {albums.map((album, i) => (
        <span key={album.id}>
          {i > 0 && ', '}
          <Link to={albumPath(album)}>{album.title}</Link>
        </span>
      ))}
    </p>
  );
}
