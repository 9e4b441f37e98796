import { Injectable } from '@nestjs/common';
import {
  DEFAULT_USER_CONFIG, TRACK_MSG, effectiveStreamingQuality, trackStreamIds, type RenditionInfo, type StreamingQuality,
  type TrackPlayed, type TrackRenditions, type TrackView, type UserConfig,
} from '@stardeck/contracts';
import type { Db, EventStore, ObjectStorage } from '@stardeck/infra';
import { tierOf, type AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { requestContext } from '../common/request-context';
import { trackVisibility } from '../common/visibility';
import { InjectDatabase, InjectEventStore, InjectStorage } from '../platform/tokens';
import { ListeningHistoryRepository } from './listening-history.repository';
import { playUrlSeconds } from './play-url';
import { TrackViewBuilder } from './track-view';
import { TracksRepository } from './tracks.repository';

export interface PlayUrl {
  url: string;
  quality: StreamingQuality;
  mimetype: string;
  expires_in: number;
}

export interface HistoryPage {
  tracks: (TrackView & { played_at: string })[];
  total: number;
  has_more: boolean;
}


export function configOf(user: { config: unknown }): UserConfig {
  return { ...DEFAULT_USER_CONFIG, ...(user.config as Partial<UserConfig>) };
}

/** Streaming (spec §4 quality fallback, §6 tiers) and the plays it records. */
@Injectable()
export class PlayService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    @InjectStorage() private readonly storage: ObjectStorage,
    private readonly tracks: TracksRepository,
    private readonly views: TrackViewBuilder,
    private readonly listening: ListeningHistoryRepository,
  ) {}

  async play(user: AuthUser, trackId: number): Promise<PlayUrl> {
    const row = await this.tracks.findRow(this.db, trackId);
    if (!row || !trackVisibility.canView(row, user)) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
    if (row.status !== 'ready' || !row.renditions) {
      throw ApiError.conflict(row.status === 'failed' ? TRACK_MSG.trackFailed : TRACK_MSG.trackNotReady, 'Track');
    }
    const renditions = row.renditions as unknown as TrackRenditions;
    const quality = effectiveStreamingQuality(configOf(user).streaming_quality, tierOf(user), {
      high: Boolean(renditions.high), lossless: Boolean(renditions.lossless),
    });
    const rendition: RenditionInfo = quality === 'flac' ? renditions.lossless! : quality === 'high' ? renditions.high : renditions.standard;
    const expiresIn = playUrlSeconds(row.duration);
    const url = await this.storage.signDownload(rendition.key, { expiresInSeconds: expiresIn, contentType: rendition.mimetype });
    const played: TrackPlayed = { type: 'TrackPlayed', data: { track_id: row.id, user_id: user.id, track_owner_id: row.user_id, quality } };
    // A listener's own stream: plays never contend with edits of the track's stream.
    await this.store.append(trackStreamIds.listening(user.id), 'any', [played], requestContext.metadata());
    return { url, quality, mimetype: rendition.mimetype, expires_in: expiresIn };
  }

  async history(viewer: AuthUser, username: string | undefined, page: { limit: number; offset: number; dir: 'asc' | 'desc' }): Promise<HistoryPage> {
    const owner = username ? await this.tracks.findUserByUsername(this.db, username) : { id: viewer.id, username: viewer.username, config: viewer.config };
    if (!owner) throw ApiError.notFound(TRACK_MSG.userNotFound(username!), 'User');
    if (owner.id !== viewer.id && !configOf(owner).share_listening_history) throw ApiError.forbidden(TRACK_MSG.historyHidden, 'Listening History');
    const entries = await this.listening.page(this.db, owner.id, viewer, page);
    const rows = await this.tracks.findViews(this.db, [...new Set(entries.items.map((e) => e.track_id))]);
    const views = new Map((await this.views.build(this.db, rows, viewer.id)).map((v) => [v.id, v]));
    const tracks = entries.items.flatMap((e) => {
      const view = views.get(e.track_id);
      return view ? [{ ...view, played_at: new Date(e.played_at).toISOString() }] : [];
    });
    return { tracks, total: entries.total, has_more: entries.has_more };
  }
}
