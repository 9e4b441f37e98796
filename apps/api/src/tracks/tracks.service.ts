import { Injectable } from '@nestjs/common';
import {
  PAGE_SIZES, TRACK_MSG, normaliseTags, trackStreamIds, type ListTracksQueryDto, type TrackArtworkRef, type TrackDeleted, type TrackView,
  type UpdateTrackDto,
} from '@stardeck/contracts';
import { removeTrackObjects } from '@stardeck/domain';
import type { Db, Logger, ObjectStorage } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { trackVisibility } from '../common/visibility';
import { InjectDatabase, InjectLogger, InjectStorage } from '../platform/tokens';
import { ArtworkService } from './artwork.service';
import { TagsRepository } from './tags.repository';
import { TrackCommands } from './track-commands';
import { TrackViewBuilder } from './track-view';
import { socialFactsOf } from './track-social.repository';
import { TracksRepository, type ListFilter, type TrackViewRow } from './tracks.repository';

export interface TrackPage {
  tracks: TrackView[];
  total: number;
  has_more: boolean;
}

/** Reading, listing, editing and deleting tracks. Uploads live in UploadService, plays in PlayService. */
@Injectable()
export class TracksService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectStorage() private readonly storage: ObjectStorage,
    @InjectLogger() private readonly logger: Logger,
    private readonly tracks: TracksRepository,
    private readonly tags: TagsRepository,
    private readonly views: TrackViewBuilder,
    private readonly artwork: ArtworkService,
    private readonly commands: TrackCommands,
  ) {}

  async get(id: number, viewer: AuthUser | null): Promise<TrackView> {
    const row = Number.isSafeInteger(id) && id > 0 ? await this.tracks.findView(this.db, id) : undefined;
    if (!row || !trackVisibility.canView(row, viewer)) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
    return this.views.buildOne(this.db, row, viewer?.id ?? null);
  }

  /**
   * The full-resolution waveform, to whoever may open the track. `shared` when anyone with the
   * link may: then caches in front of the API may keep it for everyone.
   */
  async peaks(id: number, viewer: AuthUser | null): Promise<{ peaks: string; shared: boolean }> {
    const row = await this.tracks.findPeaks(this.db, id);
    if (!row || row.peaks === null || !trackVisibility.canView(row, viewer)) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
    return { peaks: row.peaks, shared: trackVisibility.canView(row, null) };
  }

  /** Explore: tracks listed to everyone. */
  async list(query: ListTracksQueryDto, viewer: AuthUser | null): Promise<TrackPage> {
    let userId: string | undefined;
    if (query.username) {
      const user = await this.tracks.findUserByUsername(this.db, query.username);
      if (!user) return { tracks: [], total: 0, has_more: false };
      userId = user.id;
    }
    return this.page({
      limit: query.limit ?? PAGE_SIZES.tracks, offset: query.offset ?? 0, sortKey: query.sort_key ?? 'created',
      sortDir: query.sort_dir ?? 'desc', search: query.search || undefined, userId, tagIds: query.tag_ids, viewer, everyoneOnly: true,
    }, viewer);
  }

  /** A member's tracks: everything to the owner, listed tracks to everyone else. */
  async listByUser(username: string, query: { limit?: number; offset?: number; sort_dir?: 'asc' | 'desc' }, viewer: AuthUser | null): Promise<TrackPage> {
    const user = await this.tracks.findUserByUsername(this.db, username);
    if (!user) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    return this.page({
      limit: query.limit ?? PAGE_SIZES.tracks, offset: query.offset ?? 0, sortKey: 'created', sortDir: query.sort_dir ?? 'desc',
      userId: user.id, viewer,
    }, viewer);
  }

  async random(limit: number, excludeIds: number[], viewer: AuthUser | null): Promise<TrackView[]> {
    const { items } = await this.tracks.list(this.db, { limit, offset: 0, sortKey: 'random', sortDir: 'asc', excludeIds, viewer, everyoneOnly: true });
    return this.present(items, viewer);
  }

  private async page(filter: ListFilter, viewer: AuthUser | null): Promise<TrackPage> {
    const { items, total, has_more } = await this.tracks.list(this.db, filter);
    return { tracks: await this.present(items, viewer), total, has_more };
  }

  /** Views of list rows that carry their tags and social facts (no further reads). */
  private present(rows: TrackViewRow[], viewer: AuthUser | null): Promise<TrackView[]> {
    return Promise.all(rows.map((row) => this.views.present(row, row.tags, socialFactsOf(row), viewer?.id ?? null)));
  }

  /**
   * A partial edit: fields left out keep their current values, merged by the decider against the
   * stream it reads in the same transaction, so two concurrent edits of different fields both stay.
   */
  async update(user: AuthUser, dto: UpdateTrackDto): Promise<TrackView> {
    const names = dto.tags === undefined ? null : normaliseTags(dto.tags);
    if (names && 'error' in names) throw ApiError.badRequest(TRACK_MSG.updateFailed, names.error, { tags: names.error });
    let artwork: TrackArtworkRef | null = null;
    if (dto.artwork_data) artwork = await this.artwork.store(user.id, await this.artwork.prepare(dto.artwork_data));
    let replacedArtwork: string | null = null;
    try {
      await this.commands.transaction(async (tx) => {
        const { events } = await this.commands.runIn(tx, trackStreamIds.track(dto.track_id), {
          type: 'UpdateTrack', actor_id: user.id, title: dto.title, description: dto.description,
          visibility: dto.visibility, tags: names ? await this.tags.ensure(tx, names.tags) : undefined,
          artwork, remove_artwork: dto.remove_artwork === true,
        });
        for (const event of events) {
          if (event.type === 'TrackArtworkChanged' || event.type === 'TrackArtworkRemoved') replacedArtwork = (event.data as { previous_key: string | null }).previous_key;
        }
      });
    } catch (error) {
      await this.artwork.remove(artwork?.key);
      throw error;
    }
    // The old image is unreachable once the new state committed.
    if (replacedArtwork) await this.artwork.remove(replacedArtwork);
    return this.get(dto.track_id, user);
  }

  async delete(user: AuthUser, trackId: number): Promise<void> {
    const { events } = await this.commands.execute(trackStreamIds.track(trackId), { type: 'DeleteTrack', actor_id: user.id });
    const deleted = events[0]!.data as TrackDeleted['data'];
    await removeTrackObjects(this.storage, this.logger, deleted);
  }
}
