import { MEMBER_CEILINGS, profileStreamIds, socialStreamIds, trackStreamIds, type CollectionVisibility } from '@stardeck/contracts';
import { collectionFollowDecider } from '../collections/collection-follow.decider';
import { collectionDecider } from '../collections/collections.decider';
import { commentDecider } from '../comments/comments.decider';
import { CHAT_ACTIONS } from './chat';
import { libraryDecider } from '../library/library.decider';
import { collectionsProjection } from '../projections/collections/collections.projection';
import { commentsProjection } from '../projections/comments/comments.projection';
import { libraryProjection } from '../projections/library/library.projection';
import { subscriptionsProjection } from '../projections/subscriptions/subscriptions.projection';
import { subscriptionDecider } from '../subscriptions/subscription.decider';
import { edit, remove, upload } from './tracks';
import { mayOpen, meta, setOf, type SyntheticCollection, type SyntheticMember, type SyntheticTrack, type World } from './world';

/** One thing a member may do; false when the world offered nothing to do it with this time. */
type Action = (world: World, member: SyntheticMember) => Promise<boolean>;

const VISIBILITIES: readonly CollectionVisibility[] = ['public', 'public', 'public', 'unlisted', 'private'];

/** A track the member may open (and, for `ready`, play): a few random tries, as a person browsing would. */
function findTrack(world: World, member: SyntheticMember, ready = false): SyntheticTrack | null {
  for (let i = 0; i < 8 && world.tracks.length > 0; i++) {
    const track = world.random.pick(world.tracks);
    if (mayOpen(track, member) && (!ready || track.status === 'ready')) return track;
  }
  return null;
}

function ownCollection(world: World, member: SyntheticMember): SyntheticCollection | null {
  const own = world.collections.filter((c) => c.owner === member && !c.deleted);
  return own.length ? world.random.pick(own) : null;
}

const collectionStream = (collection: SyntheticCollection) => socialStreamIds.collection(collection.id);

const play: Action = async (world, member) => {
  const track = findTrack(world, member, true);
  if (!track) return false;
  await world.writer.append(trackStreamIds.listening(member.id), [{
    type: 'TrackPlayed', data: { track_id: track.id, user_id: member.id, track_owner_id: track.owner.id, quality: world.random.pick(['standard', 'high'] as const) },
  }], meta(member));
  return true;
};

const subscribe: Action = async (world, member) => {
  const subject = world.random.pick(world.members);
  const subjects = setOf(world.subscriptions, member.id);
  if (subject === member || subjects.has(subject.id)) return false;
  await world.writer.decide(subscriptionDecider, subscriptionsProjection, profileStreamIds.subscription(member.id, subject.id), {
    type: 'Subscribe', subscriber_id: member.id, subject_id: subject.id,
  }, meta(member));
  subjects.add(subject.id);
  return true;
};

const unsubscribe: Action = async (world, member) => {
  const subjects = setOf(world.subscriptions, member.id);
  if (subjects.size === 0) return false;
  const subjectId = world.random.pick([...subjects]);
  const subject = world.members.find((m) => m.id === subjectId)!;
  await world.writer.decide(subscriptionDecider, subscriptionsProjection, profileStreamIds.subscription(member.id, subject.id), {
    type: 'Unsubscribe', subscriber_id: member.id, subject_id: subject.id,
  }, meta(member));
  subjects.delete(subject.id);
  return true;
};

const save: Action = async (world, member) => {
  const track = findTrack(world, member);
  const library = setOf(world.saved, member.id);
  if (!track || library.has(track.id)) return false;
  await world.writer.decide(libraryDecider, libraryProjection, socialStreamIds.libraryEntry(member.id, track.id), {
    type: 'SaveTrack', user_id: member.id, track_id: track.id, track: { owner_id: track.owner.id },
  }, meta(member));
  library.add(track.id);
  return true;
};

/** As the API removes from the library: the entry, then the track from each of the member's collections. */
const unsave: Action = async (world, member) => {
  const library = setOf(world.saved, member.id);
  if (library.size === 0) return false;
  const trackId = world.random.pick([...library]);
  await world.writer.decide(libraryDecider, libraryProjection, socialStreamIds.libraryEntry(member.id, trackId), {
    type: 'UnsaveTrack', user_id: member.id, track_id: trackId,
  }, meta(member));
  library.delete(trackId);
  for (const collection of world.collections.filter((c) => c.owner === member && !c.deleted && c.tracks.has(trackId)).sort((a, b) => a.id - b.id)) {
    await world.writer.decide(collectionDecider, collectionsProjection, collectionStream(collection), { type: 'RemoveTrack', actor_id: member.id, track_id: trackId }, meta(member));
    collection.tracks.delete(trackId);
  }
  return true;
};

const createCollection: Action = async (world, member) => {
  const id = await world.ids.next('collection_id_seq');
  const collection: SyntheticCollection = { id, owner: member, visibility: world.random.pick(VISIBILITIES), deleted: false, tracks: new Set(), followers: new Set() };
  await world.writer.decide(collectionDecider, collectionsProjection, collectionStream(collection), {
    type: 'CreateCollection', collection_id: id, user_id: member.id, name: `crate ${id}`, description: world.random.chance(50) ? 'late night' : null,
    visibility: collection.visibility, artwork: world.random.chance(20) ? { key: `artwork/${member.id}/${world.random.uuid()}.webp`, mimetype: 'image/webp' } : null,
    owned: world.collections.filter((c) => c.owner === member && !c.deleted).length, limit: MEMBER_CEILINGS.collections,
  }, meta(member));
  world.collections.push(collection);
  return true;
};

const addToCollection: Action = async (world, member) => {
  const collection = ownCollection(world, member);
  const track = findTrack(world, member);
  if (!collection || !track || collection.tracks.has(track.id)) return false;
  await world.writer.decide(collectionDecider, collectionsProjection, collectionStream(collection), {
    type: 'AddTrack', actor_id: member.id, track_id: track.id, track: { owner_id: track.owner.id },
  }, meta(member));
  collection.tracks.add(track.id);
  return true;
};

const removeFromCollection: Action = async (world, member) => {
  const collection = ownCollection(world, member);
  if (!collection || collection.tracks.size === 0) return false;
  const trackId = world.random.pick([...collection.tracks]);
  await world.writer.decide(collectionDecider, collectionsProjection, collectionStream(collection), { type: 'RemoveTrack', actor_id: member.id, track_id: trackId }, meta(member));
  collection.tracks.delete(trackId);
  return true;
};

const updateCollection: Action = async (world, member) => {
  const collection = ownCollection(world, member);
  if (!collection) return false;
  const visibility = world.random.pick(VISIBILITIES);
  await world.writer.decide(collectionDecider, collectionsProjection, collectionStream(collection), {
    type: 'UpdateCollection', actor_id: member.id, name: `crate ${collection.id} (${world.random.int(1, 9)})`, visibility, artwork: null,
    remove_artwork: world.random.chance(30),
  }, meta(member));
  collection.visibility = visibility;
  return true;
};

const deleteCollection: Action = async (world, member) => {
  const collection = ownCollection(world, member);
  if (!collection) return false;
  await world.writer.decide(collectionDecider, collectionsProjection, collectionStream(collection), { type: 'DeleteCollection', actor_id: member.id }, meta(member));
  collection.deleted = true;
  return true;
};

const follow = (following: boolean): Action => async (world, member) => {
  if (world.collections.length === 0) return false;
  const collection = world.random.pick(world.collections);
  const visible = collection.owner === member || collection.visibility !== 'private';
  if (collection.deleted || collection.owner === member || collection.followers.has(member.id) === following || (following && !visible)) return false;
  await world.writer.decide(collectionFollowDecider, collectionsProjection, socialStreamIds.collectionFollow(collection.id, member.id), {
    type: following ? 'FollowCollection' : 'UnfollowCollection', user_id: member.id, collection: { id: collection.id, owner_id: collection.owner.id, visible },
  }, meta(member));
  if (following) collection.followers.add(member.id);
  else collection.followers.delete(member.id);
  return true;
};

const comment: Action = async (world, member) => {
  const track = findTrack(world, member, true);
  if (!track) return false;
  const id = await world.ids.next('comment_id_seq');
  const timestamp = world.random.int(0, Math.floor(track.duration!));
  await world.writer.decide(commentDecider, commentsProjection, socialStreamIds.comment(id), {
    type: 'PostComment', comment_id: id, author_id: member.id, track: { id: track.id, owner_id: track.owner.id, duration: track.duration },
    text: `love the part at ${timestamp}s`, track_timestamp: timestamp, parent: null,
  }, meta(member));
  world.comments.push({ id, track, author: member, parent: null, timestamp, deleted: false });
  return true;
};

const reply: Action = async (world, member) => {
  if (world.comments.length === 0) return false;
  const root = world.random.pick(world.comments);
  if (root.deleted || root.parent || !mayOpen(root.track, member)) return false;
  const id = await world.ids.next('comment_id_seq');
  const track = root.track;
  await world.writer.decide(commentDecider, commentsProjection, socialStreamIds.comment(id), {
    type: 'PostComment', comment_id: id, author_id: member.id, track: { id: track.id, owner_id: track.owner.id, duration: track.duration },
    text: 'right?', track_timestamp: root.timestamp, parent: { id: root.id, author_id: root.author.id, track_timestamp: root.timestamp },
  }, meta(member));
  world.comments.push({ id, track, author: member, parent: root, timestamp: root.timestamp, deleted: false });
  return true;
};

const editComment: Action = async (world, member) => {
  const own = world.comments.length ? world.random.pick(world.comments) : null;
  if (!own || own.deleted || own.author !== member || own.track.status !== 'ready') return false;
  await world.writer.decide(commentDecider, commentsProjection, socialStreamIds.comment(own.id), {
    type: 'EditComment', actor_id: member.id, text: `edited: ${world.random.hex(3)}`, track_duration: own.track.duration,
  }, meta(member));
  return true;
};

/** By its author or by the track's owner, as the API allows. */
const deleteComment: Action = async (world, member) => {
  const target = world.comments.length ? world.random.pick(world.comments) : null;
  if (!target || target.deleted || (target.author !== member && target.track.owner !== member)) return false;
  await world.writer.decide(commentDecider, commentsProjection, socialStreamIds.comment(target.id), {
    type: 'DeleteComment', actor_id: member.id, actor_is_admin: false,
  }, meta(member));
  target.deleted = true;
  return true;
};

const ownTrack = (world: World, member: SyntheticMember) => {
  const own = world.tracks.filter((t) => t.owner === member && t.status !== 'deleted');
  return own.length ? world.random.pick(own) : null;
};

const editTrack: Action = async (world, member) => {
  const track = ownTrack(world, member);
  if (!track) return false;
  await edit(world, track);
  return true;
};

const deleteTrack: Action = async (world, member) => {
  const track = ownTrack(world, member);
  if (!track) return false;
  await remove(world, track);
  return true;
};

const uploadMore: Action = async (world, member) => {
  world.tracks.push(await upload(world, member));
  return true;
};

/** How often each action comes up, out of the sum of the weights; plays make up most of a real log. */
export const ACTIONS: readonly [Action, number][] = [
  [play, 450], [save, 120], [unsave, 20], [subscribe, 100], [unsubscribe, 15], [createCollection, 10], [addToCollection, 80],
  [removeFromCollection, 10], [updateCollection, 3], [deleteCollection, 2], [follow(true), 40], [follow(false), 5], [comment, 90],
  [reply, 30], [editComment, 10], [deleteComment, 7], [editTrack, 10], [deleteTrack, 3], [uploadMore, 5], ...CHAT_ACTIONS,
];
