import { displayName, type CollectionView } from '@stardeck/contracts/browser';
import { Link } from 'react-router';
import { formatCount, formatDate } from '../../../utils/format';

export const collectionPath = (collection: Pick<CollectionView, 'id' | 'username'>) => `/${collection.username}/collections/${collection.id}`;

/** Collections as list rows: name, owner, tracks, followers, and visibility when not public. */
export function CollectionList({ collections, label }: { collections: readonly CollectionView[]; label: string }) {
  return (
    <ul className="collection-list" aria-label={label}>
      {collections.map((collection) => (
        <li key={collection.id} className="collection-row">
          <Link to={collectionPath(collection)} className="collection-row__name">
            {collection.name}
          </Link>
          {collection.visibility !== 'public' && <span className="tag tag--wait">[{collection.visibility}]</span>}
          <span className="output--muted">
            by {displayName(collection)} · {formatCount(collection.track_count)} tracks · {formatCount(collection.followers_count)} followers · updated{' '}
            {formatDate(collection.updated)}
          </span>
          {collection.description && <p className="collection-row__description">{collection.description}</p>}
        </li>
      ))}
    </ul>
  );
}
