import type { CollectionView } from '@stardeck/contracts/browser';
import { useMe } from '../../../lib/session/store';
import { countOf } from '../../../utils/format';
import { toggleFollow, useFollow } from '../store';

type Followable = Pick<CollectionView, 'id' | 'name' | 'username' | 'is_following' | 'followers_count'>;

/**
 * Follow or unfollow a collection, with its follower count beside it. One's own collections
 * show the count alone: there is nothing to follow.
 */
export function FollowButton({ collection }: { collection: Followable }) {
  const me = useMe();
  const { state, busy } = useFollow(collection.id, collection);
  const own = me?.username.toLowerCase() === collection.username.toLowerCase();
  const count = (
    <span className="output--muted">
      {countOf(state.followers_count, 'follower')}
    </span>
  );
  if (own) return count;
  return (
    <span className="follow-control">
      <button
        type="button"
        className={`btn btn--small ${state.is_following ? 'btn--primary' : ''}`}
        aria-pressed={state.is_following}
        aria-busy={busy}
        onClick={() => void toggleFollow(collection.id, collection)}
      >
        {/* One name whatever the state ('follow {name}'), told by aria-pressed; the mark shows it. */}
        <span aria-hidden="true">{state.is_following ? '[x] ' : '[ ] '}</span>
        FOLLOW<span className="visually-hidden"> {collection.name}</span>
      </button>{' '}
      {count}
    </span>
  );
}
