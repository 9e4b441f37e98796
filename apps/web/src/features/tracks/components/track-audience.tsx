import { displayName, type CollectionView, type SavedByUserView, type TrackView } from '@stardeck/contracts/browser';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import './track-audience.css';
import { toastFailure } from '../../../lib/toasts/from-result';
import { formatDate } from '../../../utils/format';
import { getSavedBy, getTrackCollections } from '../api/tracks';

interface Paged<T> {
  items: T[];
  total: number;
  hasMore: boolean;
  loading: boolean;
}

const EMPTY = { items: [], total: 0, hasMore: false, loading: true };

/**
 * Who saved the track (pages of 5, spec §7, §9) and the public collections it is in (the first 5,
 * more on demand): a track page's way on to the people and lists around it.
 */
export function TrackAudience({ track }: { track: TrackView }) {
  const [savers, setSavers] = useState<Paged<SavedByUserView>>(EMPTY);
  const [collections, setCollections] = useState<Paged<CollectionView>>(EMPTY);

  const loadSavers = (offset: number, signal?: AbortSignal) => {
    setSavers((s) => ({ ...s, loading: true }));
    void getSavedBy(track.id, offset, signal).then((result) => {
      if (signal?.aborted) return;
      if (!result.ok) {
        toastFailure(result.failure);
        return setSavers((s) => ({ ...s, loading: false }));
      }
      const page = result.envelope.data!;
      setSavers((s) => ({ items: offset === 0 ? page.users : [...s.items, ...page.users], total: page.total, hasMore: page.has_more, loading: false }));
    });
  };
  const loadCollections = (offset: number, signal?: AbortSignal) => {
    setCollections((s) => ({ ...s, loading: true }));
    void getTrackCollections(track.id, offset, signal).then((result) => {
      if (signal?.aborted) return;
      if (!result.ok) {
        toastFailure(result.failure);
        return setCollections((s) => ({ ...s, loading: false }));
      }
      const page = result.envelope.data!;
      setCollections((s) => ({ items: offset === 0 ? page.collections : [...s.items, ...page.collections], total: page.total_collections, hasMore: page.has_more, loading: false }));
    });
  };

  useEffect(() => {
    const controller = new AbortController();
    loadSavers(0, controller.signal);
    loadCollections(0, controller.signal);
    return () => controller.abort();
    // A new track, or a save or collection change counted on it, reads both again.
  }, [track.id, track.saved_by_count, track.in_collections_count]);

  return (
    <div className="track-audience">
      <section aria-labelledby="saved-by-title">
        <h2 id="saved-by-title">saved by ({savers.total})</h2>
        {!savers.loading && savers.items.length === 0 && <p className="output output--muted">no one has saved it yet.</p>}
        <ul className="track-audience__list">
          {savers.items.map((user) => (
            <li key={user.id}>
              <Link to={`/${encodeURIComponent(user.username)}`}>{displayName(user)}</Link>
              <span className="output--muted"> · {formatDate(user.saved_at)}</span>
            </li>
          ))}
        </ul>
        {savers.hasMore && (
          <button type="button" className="link-button" disabled={savers.loading} onClick={() => loadSavers(savers.items.length)}>
            more<span className="visually-hidden"> members who saved {track.title}</span>
          </button>
        )}
      </section>
      <section aria-labelledby="in-collections-title">
        <h2 id="in-collections-title">in collections ({collections.total})</h2>
        {!collections.loading && collections.items.length === 0 && <p className="output output--muted">in no public collection yet.</p>}
        <ul className="track-audience__list">
          {collections.items.map((collection) => (
            <li key={collection.id}>
              <Link to={`/${encodeURIComponent(collection.username)}/collections/${collection.id}`}>{collection.name}</Link>
              <span className="output--muted"> · by {displayName(collection)}</span>
            </li>
          ))}
        </ul>
        {collections.hasMore && (
          <button type="button" className="link-button" disabled={collections.loading} onClick={() => loadCollections(collections.items.length)}>
            more<span className="visually-hidden"> collections holding {track.title}</span>
          </button>
        )}
      </section>
    </div>
  );
}
