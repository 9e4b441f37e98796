import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  DeleteTrackDto, INFINITE_LIMIT_MAX, InfiniteTracksDto, ListTracksQueryDto, PageQueryDto, TRACK_MSG, TrackDataSchema,
  TrackListSchema, TrackPageSchema, UpdateTrackDto,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, OptionalAuthGuard, tierOf, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer, ApiQueryFrom } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { TracksService } from './tracks.service';

/** Path ids that are not positive integers cannot name a track: 404, like a missing one. */
export function trackIdParam(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw ApiError.notFound(TRACK_MSG.trackNotFound, 'Track');
  return id;
}

@ApiTags('tracks')
@Controller('v1')
export class TracksController {
  constructor(private readonly tracks: TracksService) {}

  @Get('tracks')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('List tracks: search, filter by member or tags, sort', 200, { data: TrackPageSchema })
  @ApiQueryFrom(ListTracksQueryDto)
  async list(@Query() query: ListTracksQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.tracks.list(query, viewer));
  }

  @Get('tracks/user/:username')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope("List a member's tracks", 200, { data: TrackPageSchema })
  @ApiQueryFrom(PageQueryDto)
  async listByUser(@Param('username') username: string, @Query() query: PageQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.tracks.listByUser(username, query, viewer));
  }

  @Get('tracks/:id')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Get a track', 200, { data: TrackDataSchema })
  async get(@Param('id') id: string, @ViewerUser() viewer: AuthUser | null) {
    return ok({ track: await this.tracks.get(trackIdParam(id), viewer) });
  }

  /** Endless mode (spec §4): random listed tracks, a premium feature. */
  @Post('tracks/infinite')
  @HttpCode(200)
  @ApiEnvelope('Random tracks for endless mode', 200, { data: TrackListSchema })
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async infinite(@CurrentUser() user: AuthUser, @Body() dto: InfiniteTracksDto) {
    if (!tierOf(user).features.infinite_mode) throw ApiError.forbidden(TRACK_MSG.infiniteNeedsPremium, 'Endless Mode');
    return ok({ tracks: await this.tracks.random(dto.limit ?? INFINITE_LIMIT_MAX, dto.exclude_ids ?? [], user) });
  }

  @Put('manage/tracks')
  @ApiEnvelope('Edit my track', 200, { data: TrackDataSchema })
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async update(@CurrentUser() user: AuthUser, @Body() dto: UpdateTrackDto) {
    const track = await this.tracks.update(user, dto);
    return ok({ track }, { title: 'Track Updated', description: TRACK_MSG.trackUpdated });
  }

  @Delete('manage/tracks')
  @HttpCode(200)
  @ApiEnvelope('Delete my track and its files', 200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async remove(@CurrentUser() user: AuthUser, @Body() dto: DeleteTrackDto) {
    await this.tracks.delete(user, dto.track_id);
    return ok(undefined, { title: 'Track Deleted', description: TRACK_MSG.trackDeleted });
  }
}
