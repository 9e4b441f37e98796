import { Injectable } from '@nestjs/common';
import {
  MEMBER_CEILINGS, socialStreamIds, type CollectionDetailView, type CreateCollectionDto, type TrackArtworkRef, type UpdateCollectionDto,
} from '@stardeck/contracts';
import type { Db, EventStore, Tx } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { collectionVisibility, trackVisibility } from '../common/visibility';
import { InjectDatabase, InjectEventStore } from '../platform/tokens';
import { ArtworkService, TracksRepository } from '../tracks';
import { CollectionCommands, CollectionFollowCommands } from './collection-commands';
import { CollectionReadsService } from './collection-reads.service';
import { CollectionsRepository } from './collections.repository';

export interface FollowState {
  collection_id: number;
  is_following: boolean;
  followers_count: number;
  follower_count: number;
}

export interface CollectionTrackChange {
  collection_id: number;
  track_id: number;
  in_collection: boolean;
  track_count: number;
}

/** Creating, editing and deleting collections, filling them with tracks, and following them. */
@Injectable()
export class CollectionsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    private readonly collections: CollectionsRepository,
    private readonly reads: CollectionReadsService,
    private readonly commands: CollectionCommands,
    private readonly follows: CollectionFollowCommands,
    private readonly tracks: TracksRepository,
    private readonly artwork: ArtworkService,
  ) {}

  async create(user: AuthUser, dto: CreateCollectionDto): Promise<CollectionDetailView> {
    const artwork = await this.storeArtwork(user, dto.artwork_data);
    try {
      const id = await this.store.transaction(async (tx) => {
        await this.collections.lockOwner(tx, user.id);
        const owned = await this.collections.countOwned(tx, user.id);
        const collectionId = await this.collections.nextCollectionId(tx);
        await this.commands.runIn(tx, socialStreamIds.collection(collectionId), {
          type: 'CreateCollection', collection_id: collectionId, user_id: user.id, name: dto.name, description: dto.description ?? null,
          visibility: dto.visibility ?? 'public', artwork, owned, limit: MEMBER_CEILINGS.collections,
        });
        return collectionId;
      });
      return await this.reads.get(id, {}, user);
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      throw error;
    }
  }

  /** A partial edit, merged by the decider against the stream it reads in the same transaction. */
  async update(user: AuthUser, id: number, dto: UpdateCollectionDto): Promise<CollectionDetailView> {
    const artwork = await this.storeArtwork(user, dto.artwork_data);
    let replaced: string | null = null;
    try {
      const { events } = await this.commands.execute(socialStreamIds.collection(id), {
        type: 'UpdateCollection', actor_id: user.id, name: dto.name, description: dto.description, visibility: dto.visibility,
        artwork, remove_artwork: dto.remove_artwork === true,
      });
      for (const event of events) replaced = (event.data as { previous_artwork_key?: string | null }).previous_artwork_key ?? null;
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      throw error;
    }
    // The old image is unreachable once the new state committed.
    await this.artwork.remove(replaced);
    return this.reads.get(id, {}, user);
  }

  async delete(user: AuthUser, id: number): Promise<void> {
    const { events } = await this.commands.execute(socialStreamIds.collection(id), { type: 'DeleteCollection', actor_id: user.id });
    await this.artwork.remove((events[0]?.data as { artwork_key?: string | null } | undefined)?.artwork_key);
  }

  async addTrack(user: AuthUser, id: number, trackId: number): Promise<CollectionTrackChange> {
    await this.store.transaction(async (tx) => {
      const track = await this.tracks.findRow(tx, trackId);
      const visible = track !== undefined && trackVisibility.canView(track, user);
      await this.commands.runIn(tx, socialStreamIds.collection(id), {
        type: 'AddTrack', actor_id: user.id, track_id: trackId, track: visible ? { owner_id: track.user_id } : null,
      });
    });
    return this.trackChange(user, id, trackId, true);
  }

  async removeTrack(user: AuthUser, id: number, trackId: number): Promise<CollectionTrackChange> {
    await this.commands.execute(socialStreamIds.collection(id), { type: 'RemoveTrack', actor_id: user.id, track_id: trackId });
    return this.trackChange(user, id, trackId, false);
  }

  /**
   * Inside the caller's transaction: takes a track out of each of the member's collections that
   * hold it, and says which. The caller holds the member's library entry first, so the streams are
   * always taken in one order.
   */
  async removeTrackFromOwnCollections(tx: Tx, user: AuthUser, trackId: number): Promise<number[]> {
    const ids = await this.collections.ownCollectionsHolding(tx, user.id, trackId);
    const affected: number[] = [];
    for (const id of ids) {
      const { events } = await this.commands.runIn(tx, socialStreamIds.collection(id), { type: 'RemoveTrack', actor_id: user.id, track_id: trackId });
      if (events.length > 0) affected.push(id);
    }
    return affected;
  }

  follow(user: AuthUser, id: number): Promise<FollowState> {
    return this.changeFollow(user, id, 'FollowCollection');
  }

  unfollow(user: AuthUser, id: number): Promise<FollowState> {
    return this.changeFollow(user, id, 'UnfollowCollection');
  }

  /**
   * Follows are decided with the collection's stream held, so a follow never lands on a
   * collection being deleted, and parallel follows of one collection count once each.
   */
  private changeFollow(user: AuthUser, id: number, type: 'FollowCollection' | 'UnfollowCollection'): Promise<FollowState> {
    return this.store.transaction(async (tx) => {
      await this.commands.lock(tx, socialStreamIds.collection(id));
      const row = await this.collections.findRow(tx, id);
      const target = row ? { id, owner_id: row.user_id, visible: collectionVisibility.canView(row, user) } : null;
      await this.follows.runIn(tx, socialStreamIds.collectionFollow(id, user.id), { type, user_id: user.id, collection: target });
      const after = await this.collections.findRow(tx, id);
      const count = after?.followers_count ?? 0;
      return { collection_id: id, is_following: type === 'FollowCollection', followers_count: count, follower_count: count };
    });
  }

  private async trackChange(user: AuthUser, id: number, trackId: number, inCollection: boolean): Promise<CollectionTrackChange> {
    const row = await this.collections.findListRow(this.db, id, user);
    return { collection_id: id, track_id: trackId, in_collection: inCollection, track_count: Number(row?.track_count ?? 0) };
  }

  private async storeArtwork(user: AuthUser, base64: string | null | undefined): Promise<TrackArtworkRef | null> {
    return base64 ? this.artwork.store(user.id, await this.artwork.prepare(base64)) : null;
  }
}
