import { PAGE_SIZES, type CollectionView, type TrackView } from '@stardeck/contracts/browser';
import { proxy, ref } from 'valtio';
import { session } from '../../lib/session/store';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { getLibrary } from '../../lib/library/api';
import { getCollection, getOwnCollections, getOwnUploads, getTrackCollections, setTrackInCollection } from './api/manage';

/**
 * Which tracks sit in which of the member's collections, as the two dialogs of spec §2 change it:
 * manageTrackCollections (from a track, tick its collections) and manageCollectionTracks (from a
 * collection, tick its tracks). A tick shows at once and goes back, with the reason, if refused.
 */
export interface MembershipState {
  /** By `pairKey(collection, track)`. */
  held: Record<string, boolean>;
  busy: Record<string, true>;
  /** Track counts the server answered after a change, by collection id. */
  counts: Record<number, number>;
  /** Collections or tracks changed since the dialog opened: the page behind loads again on close. */
  changed: boolean;
  trackDialog: { trackId: number | null; loading: boolean; error: string | null; collections: CollectionView[] };
  /** Track views shown as they came, never changed in place: held by reference (valtio's ref). */
  collectionDialog: { collectionId: number | null; loading: boolean; error: string | null; tracks: ReturnType<typeof ref<TrackView[]>> };
}

export const pairKey = (collectionId: number, trackId: number) => `${collectionId}:${trackId}`;

/** Spec §7: the collection dialog picks from up to 500 saved tracks. */
export const LIBRARY_PICK_LIMIT = 500;

const emptyTrackDialog = (): MembershipState['trackDialog'] => ({ trackId: null, loading: false, error: null, collections: [] });
const emptyCollectionDialog = (): MembershipState['collectionDialog'] => ({ collectionId: null, loading: false, error: null, tracks: ref([]) });

export const membershipStore = proxy<MembershipState>({
  held: {}, busy: {}, counts: {}, changed: false, trackDialog: emptyTrackDialog(), collectionDialog: emptyCollectionDialog(),
});

export function isHeld(state: Pick<MembershipState, 'held'>, collectionId: number, trackId: number): boolean {
  return state.held[pairKey(collectionId, trackId)] ?? false;
}

/** Puts a track in a collection or takes it out. True when the server agreed. */
export async function toggleTrack(collectionId: number, trackId: number): Promise<boolean> {
  const key = pairKey(collectionId, trackId);
  if (membershipStore.busy[key]) return false;
  const was = membershipStore.held[key] ?? false;
  membershipStore.held[key] = !was;
  membershipStore.busy[key] = true;
  const result = await setTrackInCollection(collectionId, trackId, !was);
  delete membershipStore.busy[key];
  if (!result.ok) {
    membershipStore.held[key] = was;
    toastFailure(result.failure, { title: 'Collection', description: was ? 'Failed to remove track from collection' : 'Failed to add track to collection' });
    return false;
  }
  const answer = result.envelope.data!;
  membershipStore.held[key] = answer.in_collection;
  membershipStore.counts[collectionId] = answer.track_count;
  membershipStore.changed = true;
  toastSuccess(result);
  return true;
}

/** manageTrackCollections: the member's collections, each ticked when it holds the track. */
export async function openTrackDialog(trackId: number): Promise<void> {
  membershipStore.changed = false;
  membershipStore.trackDialog = { ...emptyTrackDialog(), trackId, loading: true };
  const me = session.me;
  const [own, holding] = me ? await Promise.all([getOwnCollections(), getTrackCollections(trackId, me.id)]) : [null, null];
  const dialog = membershipStore.trackDialog;
  if (dialog.trackId !== trackId) return;
  dialog.loading = false;
  if (!own?.ok || !holding?.ok) {
    const failure = own && !own.ok ? own.failure : holding && !holding.ok ? holding.failure : null;
    dialog.error = (failure?.kind === 'http' && failure.envelope.msg?.description) || 'Failed to load your collections';
    return;
  }
  const holds = new Set(holding.envelope.data!.collections.map((collection) => collection.id));
  for (const collection of own.envelope.data!.collections) membershipStore.held[pairKey(collection.id, trackId)] = holds.has(collection.id);
  dialog.collections = own.envelope.data!.collections;
}

/**
 * manageCollectionTracks: the collection's tracks (ticked), then the member's own uploads and
 * saved tracks not in it yet (unticked), each once. Uploads need no saving first.
 */
export async function openCollectionDialog(collectionId: number): Promise<void> {
  membershipStore.changed = false;
  membershipStore.collectionDialog = { ...emptyCollectionDialog(), collectionId, loading: true };
  const me = session.me;
  const [collection, library, uploads] = me
    ? await Promise.all([
      getCollection(collectionId, PAGE_SIZES.collectionTracksInitial), getLibrary(me.username, { limit: LIBRARY_PICK_LIMIT, offset: 0 }), getOwnUploads(me.username),
    ])
    : [null, null, null];
  const dialog = membershipStore.collectionDialog;
  if (dialog.collectionId !== collectionId) return;
  dialog.loading = false;
  if (!collection?.ok) {
    dialog.error = (collection?.failure.kind === 'http' && collection.failure.envelope.msg?.description) || 'Failed to load the collection';
    return;
  }
  const inside = collection.envelope.data!.collection.tracks;
  const ids = new Set(inside.map((track) => track.id));
  for (const track of inside) membershipStore.held[pairKey(collectionId, track.id)] = true;
  const offered: TrackView[] = [];
  for (const track of [...(uploads?.ok ? uploads.envelope.data!.tracks : []), ...(library?.ok ? library.envelope.data!.tracks : [])]) {
    if (ids.has(track.id)) continue;
    ids.add(track.id);
    offered.push(track);
    membershipStore.held[pairKey(collectionId, track.id)] = false;
  }
  dialog.tracks = ref([...inside, ...offered]);
}

export function reset(): void {
  membershipStore.held = {};
  membershipStore.busy = {};
  membershipStore.counts = {};
  membershipStore.changed = false;
  membershipStore.trackDialog = emptyTrackDialog();
  membershipStore.collectionDialog = emptyCollectionDialog();
}
