import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TagListSchema, TagsQueryDto } from '@stardeck/contracts';
import { OptionalAuthGuard, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { TagsService } from './tags.service';

/** Public: the tag cloud is open to visitors. Counts are over public tracks only; a signed-in search also finds the member's own tags. */
@ApiTags('tags')
@Controller('v1/tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Tag cloud and tag search', 200, { data: TagListSchema })
  @ApiQueryFrom(TagsQueryDto)
  async list(@Query() query: TagsQueryDto, @ViewerUser() viewer: AuthUser | null) {
    const { tags, uniqueArtists } = await this.tags.list(query, viewer);
    return ok({ tags, unique_artists: uniqueArtists });
  }
}
