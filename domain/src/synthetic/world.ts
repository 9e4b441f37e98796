import type { CollectionVisibility, MemberTier, TrackTagRef, TrackVisibility } from '@stardeck/contracts';
import type { EventStore } from '@stardeck/infra';
import { sql } from 'kysely';
import type { HistoryWriter } from './history-writer';
import type { Random } from './random';

export interface SyntheticMember {
  id: string;
  username: string;
  email: string;
  tier: MemberTier;
  verified: boolean;
}

export interface SyntheticTrack {
  id: number;
  owner: SyntheticMember;
  visibility: TrackVisibility;
  status: 'processing' | 'ready' | 'failed' | 'deleted';
  /** Seconds; null until transcoded. */
  duration: number | null;
}

export interface SyntheticCollection {
  id: number;
  owner: SyntheticMember;
  visibility: CollectionVisibility;
  deleted: boolean;
  tracks: Set<number>;
  followers: Set<string>;
}

export interface SyntheticComment {
  id: number;
  track: SyntheticTrack;
  author: SyntheticMember;
  parent: SyntheticComment | null;
  timestamp: number;
  deleted: boolean;
}

/** A Sonar message the generator posted. */
export interface SyntheticChat {
  id: number;
  room: string;
  author: SyntheticMember;
  deleted: boolean;
}

/**
 * What the generator knows of the community it has made so far: enough to choose only commands
 * the domain accepts (a member saves only tracks they may open, comments only within a track's
 * length), without reading the read models back.
 */
export interface World {
  writer: HistoryWriter;
  random: Random;
  ids: IdSource;
  passwordHash: string;
  admin: SyntheticMember;
  members: SyntheticMember[];
  tracks: SyntheticTrack[];
  collections: SyntheticCollection[];
  comments: SyntheticComment[];
  chats: SyntheticChat[];
  tags: TrackTagRef[];
  /** Member id → ids of the members they subscribe to. */
  subscriptions: Map<string, Set<string>>;
  /** Member id → ids of the tracks in their library. */
  saved: Map<string, Set<number>>;
}

type Sequence = 'track_id_seq' | 'collection_id_seq' | 'comment_id_seq' | 'chat_message_id_seq';

/** Ids from the same sequences the API takes them from, fetched a hundred at a time. */
export class IdSource {
  private readonly reserved = new Map<Sequence, number[]>();

  constructor(private readonly store: EventStore) {}

  async next(sequence: Sequence): Promise<number> {
    let ids = this.reserved.get(sequence);
    if (!ids?.length) {
      const { rows } = await sql<{ id: string }>`select nextval(${sequence}::regclass) as id from generate_series(1, 100)`.execute(this.store.db);
      ids = rows.map((row) => Number(row.id));
      this.reserved.set(sequence, ids);
    }
    return ids.shift()!;
  }
}

/** canView of the visibility module, on the generator's own facts. */
export function mayOpen(track: SyntheticTrack, member: SyntheticMember): boolean {
  if (track.status === 'deleted') return false;
  return track.owner === member || (track.visibility !== 'private' && track.status !== 'failed');
}

/** The set under `key`, made empty on first use. */
export function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  return set;
}

export const meta = (actor: SyntheticMember | 'system' | 'anonymous') => ({ actor: typeof actor === 'string' ? actor : actor.id });
