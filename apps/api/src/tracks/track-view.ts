import { Injectable } from '@nestjs/common';
import { LIST_PEAK_PAIRS, downsamplePeaks, formatDuration, type TrackRenditions, type TrackView } from '@stardeck/contracts';
import { ArtworkService } from './artwork.service';
import { TagsRepository } from './tags.repository';
import type { TrackListRow, TrackRow } from './tracks.repository';

/** Who may read a track: the owner always; others public and unlisted ones that did not fail. No IDOR: others get 404. */
export function canView(track: Pick<TrackRow, 'user_id' | 'visibility' | 'status'>, viewerId: string | null): boolean {
  if (viewerId !== null && track.user_id === viewerId) return true;
  return track.visibility !== 'private' && track.status !== 'failed';
}

export function qualitiesOf(renditions: TrackRenditions | null): string[] {
  if (!renditions) return [];
  return ['standard', 'high', ...(renditions.lossless ? ['flac'] : [])].filter((q) => q !== 'high' || renditions.high);
}

/** Turns rows of the tracks model into the spec §3 Track, for one viewer. */
@Injectable()
export class TrackViewBuilder {
  constructor(
    private readonly tags: TagsRepository,
    private readonly artwork: ArtworkService,
  ) {}

  /** Lists carry coarser waveforms (LIST_PEAK_PAIRS); a single track carries the full resolution. */
  async build(rows: TrackListRow[], viewerId: string | null, options: { fullPeaks?: boolean } = {}): Promise<TrackView[]> {
    const tagsByTrack = await this.tags.forTracks(rows.map((r) => r.id));
    return Promise.all(rows.map(async (row) => {
      const own = viewerId !== null && row.user_id === viewerId;
      const playCount = Number(row.play_count);
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
        artwork: await this.artwork.urlOf(row),
        has_artwork: row.artwork_key !== null,
        visibility: row.visibility,
        status: row.status,
        progress: row.status === 'processing' ? row.progress ?? 0 : null,
        failure_reason: own ? row.failure_reason : null,
        description: row.description,
        tags: tagsByTrack.get(row.id) ?? [],
        filename: row.filename,
        mimetype: row.mimetype,
        key: own ? row.source_key : null,
        extension: row.extension,
        parent_id: row.parent_id,
        analysis: {
          bitrate: row.bitrate,
          play_count: playCount,
          peaks: options.fullPeaks ? row.peaks ?? [] : downsamplePeaks(row.peaks ?? [], LIST_PEAK_PAIRS),
          standard: { duration: row.duration },
        },
        qualities: qualitiesOf(row.renditions as TrackRenditions | null),
        play_count: playCount,
      };
    }));
  }

  async buildOne(row: TrackListRow, viewerId: string | null): Promise<TrackView> {
    return (await this.build([row], viewerId, { fullPeaks: true }))[0]!;
  }
}
