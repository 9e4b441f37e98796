import { Injectable } from '@nestjs/common';
import {
  PAGE_SIZES, STREAM_DEFAULTS, STREAM_TIME_RANGE_DAYS, type StreamPage, type StreamQueryDto, type StreamTimeRange,
} from '@stardeck/contracts';
import type { Clock, Db } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { InjectClock, InjectDatabase } from '../platform/tokens';
import { TrackViewBuilder, TracksRepository } from '../tracks';
import { StreamRepository } from './stream.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member's stream: new tracks of whom they subscribe to and tracks added to collections they follow. */
@Injectable()
export class StreamService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectClock() private readonly clock: Clock,
    private readonly stream: StreamRepository,
    private readonly tracks: TracksRepository,
    private readonly views: TrackViewBuilder,
  ) {}

  async page(user: AuthUser, query: StreamQueryDto): Promise<StreamPage> {
    const page = await this.stream.list(this.db, {
      memberId: user.id,
      limit: query.limit ?? PAGE_SIZES.stream,
      offset: query.offset ?? 0,
      contentType: query.content_type ?? STREAM_DEFAULTS.content_type,
      since: this.since(query.time_range ?? STREAM_DEFAULTS.time_range),
      sort: query.sort ?? STREAM_DEFAULTS.sort,
    });
    const rows = new Map((await this.tracks.findViews(this.db, page.items.map((item) => item.track_id))).map((row) => [row.id, row]));
    // A track deleted between the two reads is left out of the page.
    const listed = page.items.flatMap((item) => {
      const row = rows.get(item.track_id);
      return row ? [{ row, streamedAt: new Date(item.streamed_at).toISOString() }] : [];
    });
    const views = await this.views.build(this.db, listed.map((item) => item.row), user.id);
    return {
      tracks: views.map((view, i) => ({ ...view, streamed_at: listed[i]!.streamedAt })),
      total: page.total,
      has_more: page.has_more,
    };
  }

  private since(range: StreamTimeRange): Date | null {
    return range === 'all' ? null : new Date(this.clock.now().getTime() - STREAM_TIME_RANGE_DAYS[range] * DAY_MS);
  }
}
