import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CollectionDataSchema, CollectionPageQueryDto, CollectionPageSchema, CollectionTracksQueryDto, FollowedCollectionsQueryDto, ListCollectionsQueryDto,
  TrackCollectionsQueryDto, TrackCollectionsSchema,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, OptionalAuthGuard, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { trackIdParam } from '../tracks';
import { CollectionReadsService, collectionIdParam } from './collection-reads.service';

/** Reading collections and their lists. */
@ApiTags('collections')
@Controller('v1')
export class CollectionsController {
  constructor(private readonly reads: CollectionReadsService) {}

  @Get('collections')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Explore collections: search, filter by member or visibility, sort', 200, { data: CollectionPageSchema })
  @ApiQueryFrom(ListCollectionsQueryDto)
  async explore(@Query() query: ListCollectionsQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.reads.explore(query, viewer));
  }

  @Get('collections/followed')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Collections I follow, or that a member follows', 200, { data: CollectionPageSchema })
  @ApiQueryFrom(FollowedCollectionsQueryDto)
  async followed(@CurrentUser() user: AuthUser, @Query() query: FollowedCollectionsQueryDto) {
    return ok(await this.reads.listFollowed(user, query));
  }

  @Get('collections/user/:username')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope("A member's collections", 200, { data: CollectionPageSchema })
  @ApiQueryFrom(CollectionPageQueryDto)
  async byUser(@Param('username') username: string, @Query() query: CollectionPageQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.reads.listByUser(username, query, viewer));
  }

  @Get('collections/:id')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('A collection with a page of its tracks', 200, { data: CollectionDataSchema })
  @ApiQueryFrom(CollectionTracksQueryDto)
  async get(@Param('id') id: string, @Query() query: CollectionTracksQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok({ collection: await this.reads.get(collectionIdParam(id), query, viewer) });
  }

  @Get('manage/collections')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('My collections, every visibility', 200, { data: CollectionPageSchema })
  @ApiQueryFrom(CollectionPageQueryDto)
  async own(@CurrentUser() user: AuthUser, @Query() query: CollectionPageQueryDto) {
    return ok(await this.reads.listOwn(user, query));
  }

  @Get('tracks/:id/collections')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Collections that hold a track', 200, { data: TrackCollectionsSchema })
  @ApiQueryFrom(TrackCollectionsQueryDto)
  async forTrack(@Param('id') id: string, @Query() query: TrackCollectionsQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.reads.forTrack(trackIdParam(id), query, viewer));
  }
}
