import type { EventStore } from '@stardeck/infra';
import { tagRegistry } from '../tracks/tag-registry';
import { HistoryWriter } from './history-writer';
import { registerAdmin, settleIn, signUp, waitlistLeftovers } from './members';
import { seededRandom } from './random';
import { ACTIONS } from './social';
import { upload } from './tracks';
import { IdSource, type SyntheticCollection, type SyntheticMember, type SyntheticTrack, type World } from './world';

export interface SyntheticHistoryOptions {
  /** The same seed makes the same history (ids from the database's sequences aside). */
  seed: number;
  members: number;
  /** At least this many events are appended. */
  events: number;
  /** Every generated account gets this hash: any password hash the API's hasher made works for signing in. */
  passwordHash: string;
  /** Letters and digits that keep usernames and emails apart from another history in the same database. */
  label: string;
  commandsPerTransaction?: number;
  /** Appends no faster than this (a steady write load); as fast as it can when left out. */
  eventsPerSecond?: number;
  /** Stops the generator at its next transaction (it then rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Called after each committed transaction with the events appended so far. */
  onProgress?: (events: number) => void;
}

export interface SyntheticHistory {
  admin: SyntheticMember;
  members: SyntheticMember[];
  tracks: SyntheticTrack[];
  collections: SyntheticCollection[];
  events: number;
}

const TAG_NAMES = [
  'Ambient', 'Drone', 'Night Drive', 'Field Recording', 'Lo-Fi', 'Techno', 'House', 'Dub', 'Jazz', 'Folk', 'Noise', 'Post-Rock',
  'Breakbeat', 'Downtempo', 'Synthwave', 'Modular', 'Piano', 'Strings', 'Choir', 'Live', 'Demo', 'Remix', 'Acoustic', 'Tape',
];

/**
 * A community's history, made through the domain's deciders in this process: sign-ups through the
 * waitlist and members' invites, tiers, profiles, uploads with their transcode outcomes
 * (waveforms as long as real ones), edits and deletions, then members acting on each other's
 * work (plays, saves, subscriptions, collections and follows, comments and replies, chat in Sonar) until the log
 * has `events` more events. For benchmarks and for proving that read models rebuild to what live
 * projection made, at sizes no HTTP-driven test could afford.
 */
export async function generateSyntheticHistory(store: EventStore, options: SyntheticHistoryOptions): Promise<SyntheticHistory> {
  if (!/^[a-z0-9]+$/.test(options.label)) throw new Error('the label is lowercase letters and digits');
  const random = seededRandom(options.seed);
  const writer = new HistoryWriter(store, {
    commandsPerTransaction: options.commandsPerTransaction ?? 200, eventsPerSecond: options.eventsPerSecond, signal: options.signal,
  });
  const progress = () => options.onProgress?.(writer.eventCount);
  const world: World = {
    writer, random, ids: new IdSource(store), passwordHash: options.passwordHash,
    admin: await registerAdmin({ writer, random, passwordHash: options.passwordHash }, options.label),
    members: [], tracks: [], collections: [], comments: [], chats: [], subscriptions: new Map(), saved: new Map(),
    tags: await store.transaction((tx) => tagRegistry.ensure(tx, TAG_NAMES)),
  };

  for (let i = 0; i < options.members; i++) {
    const member = await signUp(world, i);
    world.members.push(member);
    await settleIn(world, member);
    if (member.verified) for (let n = random.int(0, 6); n > 0; n--) world.tracks.push(await upload(world, member));
    if (i % 50 === 49) progress();
  }
  await waitlistLeftovers(world, Math.ceil(options.members / 20));

  const active = world.members.filter((m) => m.verified);
  const totalWeight = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);
  let done = 0;
  while (writer.queuedEventCount < options.events) {
    let roll = random.int(1, totalWeight);
    const [action] = ACTIONS.find(([, weight]) => (roll -= weight) <= 0)!;
    await action(world, random.pick(active));
    if (++done % 2000 === 0) progress();
  }
  await writer.flush();
  progress();
  return { admin: world.admin, members: world.members, tracks: world.tracks, collections: world.collections, events: writer.eventCount };
}
