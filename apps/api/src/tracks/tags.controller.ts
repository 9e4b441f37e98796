import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TagsQueryDto } from '@stardeck/contracts';
import { ok } from '../common/envelope';
import { TagsRepository } from './tags.repository';

/** Spec §9: 20 suggestions by default. */
const DEFAULT_TAGS = 20;

/** Public: the tag cloud is open to visitors. Counts are over public tracks only. */
@ApiTags('tags')
@Controller('v1/tags')
export class TagsController {
  constructor(private readonly tags: TagsRepository) {}

  @Get()
  async list(@Query() query: TagsQueryDto) {
    const { tags, uniqueArtists } = await this.tags.list({
      limit: query.limit ?? DEFAULT_TAGS, offset: query.offset ?? 0, sort: query.sort ?? 'usage_count', q: query.q || undefined,
    });
    return ok({ tags, unique_artists: uniqueArtists });
  }
}
