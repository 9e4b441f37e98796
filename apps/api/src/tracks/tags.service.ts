import { Injectable } from '@nestjs/common';
import { PAGE_SIZES, type TagsQueryDto } from '@stardeck/contracts';
import type { Viewer } from '../common/visibility';
import type { Db } from '@stardeck/infra';
import { InjectDatabase } from '../platform/tokens';
import { TagsRepository, type TagListRow } from './tags.repository';

/** The tag list and search: counts and names come from listed tracks only. */
@Injectable()
export class TagsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    private readonly tags: TagsRepository,
  ) {}

  list(query: TagsQueryDto, viewer: Viewer): Promise<{ tags: TagListRow[]; uniqueArtists: number }> {
    return this.tags.list(this.db, {
      limit: query.limit ?? PAGE_SIZES.tags, offset: query.offset ?? 0, sort: query.sort ?? 'usage_count', q: query.q || undefined, viewer,
    });
  }
}
