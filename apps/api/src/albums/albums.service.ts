import { Injectable } from '@nestjs/common';
import {
  ALBUM_MSG, MEMBER_CEILINGS, albumStreamIds, normaliseTags, tierOfAccount, type AlbumDetailView, type ArrangeAlbumTracksDto,
  type CreateAlbumDto, type TrackArtworkRef, type TrackTagRef, type UpdateAlbumDto,
} from '@stardeck/contracts';
import type { Clock, Tx } from '@stardeck/infra';
import { RequestThrottleService, tierOf, type AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { InjectClock } from '../platform/tokens';
import { ArtworkService, TagsRepository } from '../tracks';
import { AlbumCommands } from './album-commands';
import { AlbumReadsService } from './album-reads.service';
import { AlbumsRepository } from './albums.repository';

/** Creating, editing, arranging and deleting one's albums. */
@Injectable()
export class AlbumsService {
  constructor(
    @InjectClock() private readonly clock: Clock,
    private readonly albums: AlbumsRepository,
    private readonly reads: AlbumReadsService,
    private readonly commands: AlbumCommands,
    private readonly tags: TagsRepository,
    private readonly artwork: ArtworkService,
    private readonly throttle: RequestThrottleService,
  ) {}

  async create(user: AuthUser, dto: CreateAlbumDto): Promise<AlbumDetailView> {
    // Cheap refusal before the cover is decoded and stored; the decider decides again on the tier its transaction reads.
    if (!tierOf(user).features.albums) throw ApiError.forbidden(ALBUM_MSG.upgradeToCore, 'Album');
    // A new album can reach every subscriber: a member's attempts are counted before anything is read or written.
    await this.throttle.consume([{ key: `album:${user.id}`, ...MEMBER_CEILINGS.albumReleases }]);
    const names = this.tagNames(dto.tags);
    const artwork = await this.storeArtwork(user, dto.artwork_data);
    try {
      const id = await this.commands.transaction(async (tx) => {
        await this.albums.lockOwner(tx, user.id);
        const albumId = await this.albums.nextAlbumId(tx);
        await this.commands.runIn(tx, albumStreamIds.album(albumId), {
          type: 'CreateAlbum', album_id: albumId, user_id: user.id, title: dto.title, description: dto.description ?? null,
          release_date: dto.release_date ?? this.clock.now().toISOString().slice(0, 10), visibility: dto.visibility ?? 'public', artwork,
          tags: await this.ensureTags(tx, names ?? []), track_ids: dto.track_ids,
          owned: await this.albums.countOwned(tx, user.id), limit: MEMBER_CEILINGS.albums,
          tier_allows_albums: await this.tierAllowsAlbums(tx, user), own_track_ids: await this.albums.ownTrackIds(tx, user.id, dto.track_ids),
        });
        return albumId;
      });
      return await this.reads.get(id, user);
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      throw error;
    }
  }

  /** A partial edit, merged by the decider against the stream it reads in the same transaction. */
  async update(user: AuthUser, id: number, dto: UpdateAlbumDto): Promise<AlbumDetailView> {
    const names = this.tagNames(dto.tags);
    const artwork = await this.storeArtwork(user, dto.artwork_data);
    let replaced: string | null = null;
    try {
      await this.commands.transaction(async (tx) => {
        const { events } = await this.commands.runIn(tx, albumStreamIds.album(id), {
          type: 'EditAlbum', actor_id: user.id, tier_allows_albums: await this.tierAllowsAlbums(tx, user), title: dto.title,
          description: dto.description, release_date: dto.release_date, visibility: dto.visibility,
          tags: names === null ? undefined : await this.ensureTags(tx, names), artwork, remove_artwork: dto.remove_artwork === true,
        });
        for (const event of events) if (event.type === 'AlbumEdited') replaced = (event.data as { previous_artwork_key: string | null }).previous_artwork_key;
      });
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      throw error;
    }
    // The old cover is unreachable once the new state committed.
    await this.artwork.remove(replaced);
    return this.reads.get(id, user);
  }

  async arrange(user: AuthUser, id: number, dto: ArrangeAlbumTracksDto): Promise<AlbumDetailView> {
    await this.commands.transaction(async (tx) => {
      await this.commands.runIn(tx, albumStreamIds.album(id), {
        type: 'ArrangeAlbumTracks', actor_id: user.id, track_ids: dto.track_ids, tier_allows_albums: await this.tierAllowsAlbums(tx, user),
        own_track_ids: await this.albums.ownTrackIds(tx, user.id, dto.track_ids),
      });
    });
    return this.reads.get(id, user);
  }

  /** The album goes; its tracks stay. A member whose tier lapsed may still delete theirs. */
  async delete(user: AuthUser, id: number): Promise<void> {
    const { events } = await this.commands.execute(albumStreamIds.album(id), { type: 'DeleteAlbum', actor_id: user.id });
    await this.artwork.remove((events[0]?.data as { artwork_key?: string | null } | undefined)?.artwork_key);
  }

  /** The tier as this transaction reads it, so a downgrade that committed first holds. */
  private async tierAllowsAlbums(tx: Tx, user: AuthUser): Promise<boolean> {
    const account = await this.albums.memberAccount(tx, user.id);
    return account !== undefined && tierOfAccount(account).features.albums;
  }

  /** Names under a track's tag rules (the request rules checked them already); null when none were sent. */
  private tagNames(tags: unknown[] | undefined): string[] | null {
    if (tags === undefined) return null;
    const names = normaliseTags(tags);
    if ('error' in names) throw ApiError.badRequest('Album', names.error, { tags: names.error });
    return names.tags;
  }

  private ensureTags(tx: Tx, names: string[]): Promise<TrackTagRef[]> {
    return names.length === 0 ? Promise.resolve([]) : this.tags.ensure(tx, names);
  }

  private async storeArtwork(user: AuthUser, base64: string | null | undefined): Promise<TrackArtworkRef | null> {
    return base64 ? this.artwork.store(user.id, await this.artwork.prepare(base64)) : null;
  }
}
