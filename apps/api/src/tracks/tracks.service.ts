import { Inject, Injectable } from '@nestjs/common';
import {
  TRACK_MSG, normaliseTags, slugify, trackStreamIds, type ListTracksQueryDto, type TrackArtworkRef, type TrackView, type UpdateTrackDto,
} from '@stardeck/contracts';
import type { EventMetadata, Platform } from '@stardeck/infra';
import type { AuthUser } from '../auth/auth.guard';
import { ApiError } from '../common/api-error';
import { DomainError } from '../common/decider';
import { handleCommand } from '../common/event-sourcing';
import { PLATFORM } from '../platform/platform.module';
import { ArtworkService } from './artwork.service';
import { TagsRepository } from './tags.repository';
import { TrackViewBuilder, canView } from './track-view';
import { TrackErrors, trackDecider } from './tracks.decider';
import { projectTracks } from './tracks.projection';
import { TracksRepository, type ListFilter } from './tracks.repository';

export interface TrackPage {
  tracks: TrackView[];
  total: number;
  has_more: boolean;
}

const DEFAULT_PAGE = 20;

/** Reading, listing, editing and deleting tracks. Uploads live in UploadService, plays in PlayService. */
@Injectable()
export class TracksService {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    private readonly tracks: TracksRepository,
    private readonly tags: TagsRepository,
    private readonly views: TrackViewBuilder,
    private readonly artwork: ArtworkService,
  ) {}

  async get(id: number, viewer: AuthUser | null): Promise<TrackView> {
    const row = Number.isSafeInteger(id) && id > 0 ? await this.tracks.findView(id) : undefined;
    if (!row || !canView(row, viewer?.id ?? null)) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
    return this.views.buildOne(row, viewer?.id ?? null);
  }

  /** Explore: public, ready tracks only. */
  async list(query: ListTracksQueryDto, viewer: AuthUser | null): Promise<TrackPage> {
    let userId: string | undefined;
    if (query.username) {
      const user = await this.tracks.findUserByUsername(query.username);
      if (!user) return { tracks: [], total: 0, has_more: false };
      userId = user.id;
    }
    return this.page({
      limit: query.limit ?? DEFAULT_PAGE, offset: query.offset ?? 0, sortKey: query.sort_key ?? 'created',
      sortDir: query.sort_dir ?? 'desc', search: query.search || undefined, userId, tagIds: query.tag_ids, listedOnly: true,
    }, viewer);
  }

  /** A member's tracks: everything to the owner, public ready tracks to everyone else. */
  async listByUser(username: string, query: { limit?: number; offset?: number; sort_dir?: 'asc' | 'desc' }, viewer: AuthUser | null): Promise<TrackPage> {
    const user = await this.tracks.findUserByUsername(username);
    if (!user) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    return this.page({
      limit: query.limit ?? DEFAULT_PAGE, offset: query.offset ?? 0, sortKey: 'created', sortDir: query.sort_dir ?? 'desc',
      userId: user.id, listedOnly: viewer?.id !== user.id,
    }, viewer);
  }

  async random(limit: number, excludeIds: number[], viewer: AuthUser | null): Promise<TrackView[]> {
    const { rows } = await this.tracks.list({ limit, offset: 0, sortKey: 'random', sortDir: 'asc', excludeIds, listedOnly: true });
    return this.views.build(rows, viewer?.id ?? null);
  }

  private async page(filter: ListFilter, viewer: AuthUser | null): Promise<TrackPage> {
    const { rows, total } = await this.tracks.list(filter);
    return { tracks: await this.views.build(rows, viewer?.id ?? null), total, has_more: filter.offset + rows.length < total };
  }

  async update(user: AuthUser, dto: UpdateTrackDto, meta: Omit<EventMetadata, 'actor'>): Promise<TrackView> {
    const current = await this.tracks.findRow(dto.track_id);
    if (!current || current.user_id !== user.id) throw ApiError.notFound(TRACK_MSG.trackNotFound, TRACK_MSG.updateFailed);
    const names = normaliseTags(dto.tags ?? []);
    if ('error' in names) throw ApiError.badRequest(TRACK_MSG.updateFailed, names.error, { tags: names.error });
    let artwork: TrackArtworkRef | null = null;
    if (dto.artwork_data) artwork = await this.artwork.store(user.id, await this.artwork.prepare(dto.artwork_data));
    try {
      await this.platform.store.transaction(async (tx) => {
        // Absent tags keep the current ones; an empty list clears them.
        const tags = dto.tags === undefined
          ? ((await this.tags.forTracks([dto.track_id])).get(dto.track_id) ?? []).map(({ id, name, slug }) => ({ id, name, slug }))
          : await this.tags.ensure(tx, names.tags);
        await handleCommand(this.platform.store, tx, trackDecider, trackStreamIds.track(dto.track_id), {
          type: 'UpdateTrack', actor_id: user.id, title: dto.title, slug: slugify(dto.title),
          description: dto.description === undefined ? current.description : dto.description ?? null,
          visibility: dto.visibility ?? current.visibility, tags, artwork, remove_artwork: dto.remove_artwork === true,
        }, { ...meta, actor: user.id }, projectTracks);
      });
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      if (error instanceof DomainError && error.code === TrackErrors.notFound) throw ApiError.notFound(TRACK_MSG.trackNotFound, TRACK_MSG.updateFailed);
      throw error;
    }
    // The old image is unreachable once the new state committed.
    if ((artwork || dto.remove_artwork) && current.artwork_key) await this.artwork.remove(current.artwork_key);
    return this.get(dto.track_id, user);
  }

  async delete(user: AuthUser, trackId: number, meta: Omit<EventMetadata, 'actor'>): Promise<void> {
    let deleted;
    try {
      deleted = await this.platform.store.transaction((tx) =>
        handleCommand(this.platform.store, tx, trackDecider, trackStreamIds.track(trackId), { type: 'DeleteTrack', actor_id: user.id }, { ...meta, actor: user.id }, projectTracks));
    } catch (error) {
      if (error instanceof DomainError && error.code === TrackErrors.notFound) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Failed to delete track');
      throw error;
    }
    const event = deleted.events[0]!.data as { source_key: string; artwork_key: string | null; renditions_prefix: string };
    await removeTrackObjects(this.platform, event);
  }
}

/**
 * Removes every object a deleted track owned. Best effort after the commit: a failure leaves an
 * orphan object behind (logged), never a track pointing at missing bytes.
 */
export async function removeTrackObjects(
  platform: Pick<Platform, 'storage' | 'logger'>,
  keys: { source_key: string; artwork_key: string | null; renditions_prefix: string },
): Promise<void> {
  const attempts = [
    platform.storage.deletePrefix(keys.renditions_prefix),
    platform.storage.delete(keys.source_key),
    ...(keys.artwork_key ? [platform.storage.delete(keys.artwork_key)] : []),
  ];
  for (const result of await Promise.allSettled(attempts)) {
    if (result.status === 'rejected') platform.logger.warn({ err: result.reason, keys }, 'track object cleanup failed');
  }
}
