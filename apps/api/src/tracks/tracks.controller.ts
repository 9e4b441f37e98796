import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  DeleteTrackDto, INFINITE_LIMIT_MAX, InfiniteTracksDto, ListTracksQueryDto, PageQueryDto, TRACK_MSG, UpdateTrackDto,
} from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth/auth.guard';
import { tierOf } from '../auth/me.service';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { OptionalAuthGuard, ViewerUser } from './optional-auth.guard';
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
  async list(@Query() query: ListTracksQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.tracks.list(query, viewer));
  }

  @Get('tracks/user/:username')
  @UseGuards(OptionalAuthGuard)
  async listByUser(@Param('username') username: string, @Query() query: PageQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.tracks.listByUser(username, query, viewer));
  }

  @Get('tracks/:id')
  @UseGuards(OptionalAuthGuard)
  async get(@Param('id') id: string, @ViewerUser() viewer: AuthUser | null) {
    return ok({ track: await this.tracks.get(trackIdParam(id), viewer) });
  }

  /** Endless mode (spec §4): random listed tracks, a premium feature. */
  @Post('tracks/infinite')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async infinite(@CurrentUser() user: AuthUser, @Body() dto: InfiniteTracksDto) {
    if (!tierOf(user).features.infinite_mode) throw ApiError.forbidden(TRACK_MSG.infiniteNeedsPremium, 'Endless Mode');
    return ok({ tracks: await this.tracks.random(dto.limit ?? INFINITE_LIMIT_MAX, dto.exclude_ids ?? [], user) });
  }

  @Put('manage/tracks')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async update(@CurrentUser() user: AuthUser, @Body() dto: UpdateTrackDto, @Req() request: FastifyRequest) {
    const track = await this.tracks.update(user, dto, { request_id: request.id });
    return ok({ track }, { title: 'Track Updated', description: TRACK_MSG.trackUpdated });
  }

  @Delete('manage/tracks')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  async remove(@CurrentUser() user: AuthUser, @Body() dto: DeleteTrackDto, @Req() request: FastifyRequest) {
    await this.tracks.delete(user, dto.track_id, { request_id: request.id });
    return ok(undefined, { title: 'Track Deleted', description: TRACK_MSG.trackDeleted });
  }
}
