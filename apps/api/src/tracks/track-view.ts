import { Injectable } from '@nestjs/common';
import { formatDuration, type TagView, type TrackRenditions, type TrackVideo, type TrackVideoView, type TrackView } from '@stardeck/contracts';
import type { Db, ObjectStorage, StardeckConfig, Tx } from '@stardeck/infra';
import { InjectConfig, InjectStorage } from '../platform/tokens';
import { ArtworkService } from './artwork.service';
import { playUrlSeconds } from './play-url';
import { TagsRepository } from './tags.repository';
import { NO_SOCIAL_FACTS, TrackSocialRepository, type TrackSocialFacts } from './track-social.repository';
import type { TrackListRow } from './tracks.repository';

export function qualitiesOf(renditions: TrackRenditions | null): string[] {
  if (!renditions) return [];
  return ['standard', 'high', ...(renditions.lossless ? ['flac'] : [])].filter((q) => q !== 'high' || renditions.high);
}

/** Turns rows of the tracks model into the spec §3 Track, for one viewer. */
@Injectable()
export class TrackViewBuilder {
  constructor(
    @InjectConfig() private readonly config: StardeckConfig,
    @InjectStorage() private readonly storage: ObjectStorage,
    private readonly tags: TagsRepository,
    private readonly artwork: ArtworkService,
    private readonly social: TrackSocialRepository,
  ) {}

  /**
   * Every view carries the list-resolution waveform as the projection packed it (a string passed
   * through, nothing parsed) and the URL of the full one.
   */
  async build(executor: Db | Tx, rows: TrackListRow[], viewerId: string | null): Promise<TrackView[]> {
    const ids = rows.map((r) => r.id);
    const [tagsByTrack, socialByTrack] = await Promise.all([
      this.tags.forTracks(executor, ids),
      this.social.forTracks(executor, ids, viewerId === null ? null : { id: viewerId }),
    ]);
    return Promise.all(rows.map((row) => this.present(row, tagsByTrack.get(row.id) ?? [], socialByTrack.get(row.id) ?? NO_SOCIAL_FACTS, viewerId)));
  }

  /** One view from what was read of its track (a list that reads tags and social facts in its own statement calls this). */
  async present(row: TrackListRow, tags: TagView[], social: TrackSocialFacts, viewerId: string | null): Promise<TrackView> {
    const own = viewerId !== null && row.user_id === viewerId;
    const playCount = Number(row.play_count);
    const video = row.video as TrackVideo | null;
    return {
      id: row.id,
      title: row.title,
      slug: row.slug,
      user_id: row.user_id,
      username: row.username,
      display_name: row.display_name,
      duration: formatDuration(row.duration),
      duration_seconds: row.duration,
      filesize: row.filesize,
      created: new Date(row.created_at).toISOString(),
      updated: new Date(row.updated_at).toISOString(),
      // A video's poster frame is its artwork until artwork is given.
      artwork: await this.artwork.urlOf(row.artwork_key || !video ? row : { id: row.id, artwork_key: video.poster.key, artwork_mimetype: video.poster.mimetype }),
      has_artwork: row.artwork_key !== null,
      visibility: row.visibility,
      status: row.status,
      progress: row.status === 'processing' ? row.progress ?? 0 : null,
      failure_reason: own ? row.failure_reason : null,
      description: row.description,
      tags,
      filename: row.filename,
      mimetype: row.mimetype,
      key: own ? row.source_key : null,
      extension: row.extension,
      parent_id: row.parent_id,
      analysis: {
        bitrate: row.bitrate,
        play_count: playCount,
        peaks: row.list_peaks ?? '',
        peaks_url: row.list_peaks === null ? null : `${this.config.publicUrl}/v1/tracks/${row.id}/peaks`,
        standard: { duration: row.duration },
      },
      qualities: qualitiesOf(row.renditions as TrackRenditions | null),
      play_count: playCount,
      ...social,
      video: video && (await this.videoOf(row, video, viewerId)),
    };
  }

  /**
   * The picture of a video track. The rendition's URL is signed as a play URL is, for as long, and
   * only for members (GET /v1/tracks/{id}/play needs a sign-in; visitors get the poster alone).
   */
  private async videoOf(row: TrackListRow, video: TrackVideo, viewerId: string | null): Promise<TrackVideoView> {
    const url = viewerId === null
      ? null
      : await this.storage.signDownload(video.key, { expiresInSeconds: playUrlSeconds(row.duration), contentType: video.mimetype });
    return { width: video.width, height: video.height, poster: await this.artwork.signedUrlOf(video.poster.key, video.poster.mimetype), url };
  }

  async buildOne(executor: Db | Tx, row: TrackListRow, viewerId: string | null): Promise<TrackView> {
    return (await this.build(executor, [row], viewerId))[0]!;
  }
}
