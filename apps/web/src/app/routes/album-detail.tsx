import { displayName, formatTotalDuration, type AlbumDetailView } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { trackPath } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ZoomableImage } from '../../components/ui/zoomable-image';
import { albumCover } from '../../features/albums/components/album-list';
import { openModal } from '../../lib/modals/store';
import { playAll } from '../../lib/player/store';
import { useMe } from '../../lib/session/store';
import { countOf, formatLongDate } from '../../utils/format';
import { isOwnProfile } from '../user-loaders';
import { Empty } from './user-page-frame';

/** /{username}/albums/{id}: cover, title, release date, the tracks in order with the total time, and play all. */
export function Component() {
  const { album } = useLoaderData() as { album: AlbumDetailView };
  const own = isOwnProfile(album.username, useMe());
  return (
    <TerminalWindow path={`~/${album.username}/albums/${album.id}`} title={album.title}>
      <PromptLine command={`album --user ${album.username} --id ${album.id}`} />
      <ZoomableImage className="album-cover" src={albumCover(album)} alt={`cover of ${album.title}`} size={160} />
      <p className="output">
        by <Link to={`/${album.username}/albums`}>{displayName(album)}</Link>
        {own && <span className="tag tag--ok"> [yours]</span>}
        {album.visibility !== 'public' && <span className="tag tag--wait"> [{album.visibility}]</span>}
      </p>
      <p className="output output--muted">
        released <time dateTime={album.release_date}>{formatLongDate(album.release_date)}</time> · {countOf(album.track_count, 'track')} · total time{' '}
        <span aria-label="total time">{formatTotalDuration(album.total_duration)}</span>
      </p>
      {album.tags.length > 0 && (
        <p className="output">
          {album.tags.map((tag) => (
            <Link key={tag.id} className="tag-badge" to={`/explore/albums?tag_ids=${tag.id}`}>
              {tag.name}
            </Link>
          ))}
        </p>
      )}
      <p className="actions">
        <PlayAllButton album={album} />
      </p>
      {own && <OwnerActions album={album} />}
      {album.description && <p className="album-description">{album.description}</p>}
      {album.tracks.length === 0 ? (
        <Empty>this album has no tracks to show.</Empty>
      ) : (
        <ol className="album-tracks" aria-label="tracks">
          {album.tracks.map((track) => (
            <li key={track.id} className="album-tracks__row" value={track.track_number}>
              <Link to={trackPath(track)}>{track.title}</Link> <span className="output--muted">{track.duration}</span>
            </li>
          ))}
        </ol>
      )}
    </TerminalWindow>
  );
}

/** Plays the album in its order in the footer player: the first track now, the rest queued. */
function PlayAllButton({ album }: { album: AlbumDetailView }) {
  const [busy, setBusy] = useState(false);
  const playable = album.tracks.filter((track) => track.status === 'ready');
  if (playable.length === 0) return null;
  const start = async () => {
    setBusy(true);
    await playAll(playable);
    setBusy(false);
  };
  return (
    <button type="button" className="btn btn--small btn--primary" onClick={() => void start()} disabled={busy}>
      {busy ? 'loading...' : 'play all'}
      <span className="visually-hidden"> of {album.title}</span>
    </button>
  );
}

/** Only the owner edits and deletes an album. */
function OwnerActions({ album }: { album: AlbumDetailView }) {
  return (
    <p className="actions">
      <button type="button" className="btn btn--small" onClick={() => openModal('manageAlbumEdit', { albumId: album.id })}>
        edit album
      </button>
      <button type="button" className="btn btn--small btn--danger" onClick={() => openModal('deleteAlbum', { albumId: album.id, title: album.title })}>
        delete album
      </button>
    </p>
  );
}
