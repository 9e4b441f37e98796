import { Injectable } from '@nestjs/common';
import {
  PAGE_SIZES, STREAM_ALBUMS_MAX, STREAM_DEFAULTS, STREAM_TIME_RANGE_DAYS, type StreamPage, type StreamQueryDto, type StreamTimeRange,
} from '@stardeck/contracts';
import type { Clock, Db } from '@stardeck/infra';
import { AlbumReadsService } from '../albums';
import type { AuthUser } from '../auth';
import { InjectClock, InjectDatabase } from '../platform/tokens';
import { TrackViewBuilder, socialFactsOf } from '../tracks';
import { StreamRepository } from './stream.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A member's stream: new tracks of whom they subscribe to and tracks added to collections they follow. */
@Injectable()
export class StreamService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectClock() private readonly clock: Clock,
    private readonly stream: StreamRepository,
    private readonly views: TrackViewBuilder,
    private readonly albums: AlbumReadsService,
  ) {}

  async page(user: AuthUser, query: StreamQueryDto): Promise<StreamPage> {
    const since = this.since(query.time_range ?? STREAM_DEFAULTS.time_range);
    const contentType = query.content_type ?? STREAM_DEFAULTS.content_type;
    // New albums head the first page of uploads; later pages and the collections view have none.
    const albums = (query.offset ?? 0) === 0 && contentType !== 'collections'
      ? await this.albums.fromSubscriptions(user, since, STREAM_ALBUMS_MAX)
      : [];
    const page = await this.stream.page(this.db, {
      memberId: user.id,
      limit: query.limit ?? PAGE_SIZES.stream,
      offset: query.offset ?? 0,
      contentType,
      since,
      sort: query.sort ?? STREAM_DEFAULTS.sort,
    });
    const tracks = await Promise.all(page.items.map(async (row) => ({
      ...await this.views.present(row, row.tags, socialFactsOf(row), user.id),
      streamed_at: new Date(row.streamed_at).toISOString(),
    })));
    return { tracks, albums, total: page.total, has_more: page.has_more };
  }

  private since(range: StreamTimeRange): Date | null {
    return range === 'all' ? null : new Date(this.clock.now().getTime() - STREAM_TIME_RANGE_DAYS[range] * DAY_MS);
  }
}
