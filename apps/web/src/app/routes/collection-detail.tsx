import { PAGE_SIZES, displayName, pixelArtworkSvg, type CollectionDetailView } from '@stardeck/contracts/browser';
import { useState } from 'react';
import { Link, useLoaderData, useParams } from 'react-router';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { ZoomableImage } from '../../components/ui/zoomable-image';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { getCollection } from '../../features/collections/api/manage';
import { FollowButton } from '../../features/collections/components/follow-button';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import type { PageRequest } from '../../features/profiles/paging';
import { openModal } from '../../lib/modals/store';
import { playAll } from '../../lib/player/store';
import { useMe } from '../../lib/session/store';
import { toastFailure } from '../../lib/toasts/from-result';
import { countOf, formatDate } from '../../utils/format';
import { isOwnProfile } from '../user-loaders';
import { Empty } from './user-page-frame';

/** /{username}/collections/{id}: the collection and a page of its tracks (spec §9: 20). */
export function Component() {
  const { request, collection } = useLoaderData() as { request: PageRequest; collection: CollectionDetailView };
  const { username = '' } = useParams();
  const own = isOwnProfile(collection.username, useMe());
  return (
    <TerminalWindow path={`~/${username}/collections/${collection.id}`} title={collection.name}>
      <PromptLine command={`collection --user ${collection.username} --id ${collection.id}`} />
      <ZoomableImage className="collection-artwork" src={collectionArtwork(collection)} alt={`artwork of ${collection.name}`} size={128} />
      <p className="output">
        by <Link to={`/${collection.username}/collections`}>{displayName(collection)}</Link>
        {own && <span className="tag tag--ok"> [yours]</span>}
        {collection.visibility !== 'public' && <span className="tag tag--wait"> [{collection.visibility}]</span>}
      </p>
      <p className="output output--muted">
        {countOf(collection.track_count, 'track')} · updated {formatDate(collection.updated)}
      </p>
      <p className="actions">
        <PlayAllButton collection={collection} />
        <FollowButton collection={collection} />
      </p>
      {own && <OwnerActions collection={collection} />}
      {collection.description && <p className="collection-row__description">{collection.description}</p>}
      {collection.tracks.length === 0 ? (
        <Empty>{own ? 'this collection is empty: add tracks from your library.' : 'this collection has no tracks to show.'}</Empty>
      ) : (
        <ol className="track-list" aria-label="tracks">
          {collection.tracks.map((track) => (
            <li key={track.id}>
              <TrackCard track={track} />
            </li>
          ))}
        </ol>
      )}
      <Pager request={request} total={collection.track_count} defaultSize={USER_PAGE_SIZES.collectionTracks} label="tracks" />
    </TerminalWindow>
  );
}

/**
 * Plays the whole collection in its order in the footer player: the first track now, the rest
 * queued. The page shows one page of tracks; the rest are fetched when the collection is longer.
 */
function PlayAllButton({ collection }: { collection: CollectionDetailView }) {
  const [busy, setBusy] = useState(false);
  if (collection.track_count === 0) return null;
  const start = async () => {
    setBusy(true);
    let tracks = collection.tracks;
    if (collection.track_count > tracks.length) {
      const all = await getCollection(collection.id, PAGE_SIZES.collectionTracksInitial);
      if (!all.ok) {
        setBusy(false);
        toastFailure(all.failure, { title: 'Collection', description: 'Failed to load the collection' });
        return;
      }
      tracks = all.envelope.data!.collection.tracks;
    }
    await playAll(tracks);
    setBusy(false);
  };
  return (
    <button type="button" className="btn btn--small btn--primary" onClick={() => void start()} disabled={busy}>
      {busy ? 'loading...' : 'play all'}
      <span className="visually-hidden"> of {collection.name}</span>
    </button>
  );
}

/** The uploaded artwork, else the pixel pattern of spec §1 drawn from the collection's id. */
const collectionArtwork = (collection: CollectionDetailView) =>
  collection.artwork ?? `data:image/svg+xml,${encodeURIComponent(pixelArtworkSvg(collection.id))}`;

/** Only the owner edits, fills and deletes a collection (spec §2 collectionEdit, manageCollectionTracks, deleteCollection). */
function OwnerActions({ collection }: { collection: CollectionDetailView }) {
  return (
    <p className="actions">
      <button type="button" className="btn btn--small" onClick={() => openModal('collectionEdit', { collectionId: collection.id })}>
        edit collection
      </button>
      <button type="button" className="btn btn--small" onClick={() => openModal('manageCollectionTracks', { collectionId: collection.id, collectionName: collection.name })}>
        add or remove tracks
      </button>
      <button type="button" className="btn btn--small btn--danger" onClick={() => openModal('deleteCollection', { collectionId: collection.id, name: collection.name })}>
        delete collection
      </button>
    </p>
  );
}
