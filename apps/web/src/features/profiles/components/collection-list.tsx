import { displayName, type CollectionView } from '@stardeck/contracts/browser';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { countOf, formatDate } from '../../../utils/format';

export const collectionPath = (collection: Pick<CollectionView, 'id' | 'username'>) => `/${collection.username}/collections/${collection.id}`;

interface Props {
  collections: readonly CollectionView[];
  label: string;
  /** The follow control of a row, composed by the page; it shows the follower count in its place. */
  follow?: (collection: CollectionView) => ReactNode;
}

/** Collections as list rows: name, owner, tracks, followers, and visibility when not public. */
export function CollectionList({ collections, label, follow }: Props) {
  return (
    <ul className="collection-list" aria-label={label}>
      {collections.map((collection) => (
        <li key={collection.id} className="collection-row">
          <Link to={collectionPath(collection)} className="collection-row__name">
            {collection.name}
          </Link>
          {collection.visibility !== 'public' && <span className="tag tag--wait">[{collection.visibility}]</span>}
          <span className="output--muted">
            by {displayName(collection)} · {countOf(collection.track_count, 'track')}
            {follow ? '' : ` · ${countOf(collection.followers_count, 'follower')}`} · updated {formatDate(collection.updated)}
            {follow ? ' · ' : ''}
          </span>
          {follow?.(collection)}
          {collection.description && <p className="collection-row__description">{collection.description}</p>}
        </li>
      ))}
    </ul>
  );
}
