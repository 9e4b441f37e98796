import { useSnapshot } from 'valtio';
import { isHeld, membershipStore, pairKey, toggleTrack } from '../membership';

/**
 * The compact track card's collection slot (spec §2): whether the track is in this collection,
 * changed with one press. Its name says which track, its pressed state whether it is in.
 */
export function CollectionToggle({ collectionId, track }: { collectionId: number; track: { id: number; title: string } }) {
  const state = useSnapshot(membershipStore);
  const held = isHeld(state, collectionId, track.id);
  return (
    <button
      type="button"
      className={`btn btn--small collection-toggle ${held ? 'btn--primary' : ''}`}
      aria-pressed={held}
      aria-busy={Boolean(state.busy[pairKey(collectionId, track.id)])}
      onClick={() => void toggleTrack(collectionId, track.id)}
    >
      <span aria-hidden="true">{held ? '[x] ' : '[ ] '}</span>
      in collection<span className="visually-hidden"> {track.title}</span>
    </button>
  );
}
