import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ALBUM_MSG, AlbumDataSchema, AlbumPageQueryDto, AlbumPageSchema, ArrangeAlbumTracksDto, CreateAlbumDto, ListAlbumsQueryDto,
  TrackAlbumsSchema, UpdateAlbumDto,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, OptionalAuthGuard, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { trackIdParam } from '../tracks';
import { AlbumReadsService, albumIdParam } from './album-reads.service';
import { AlbumsService } from './albums.service';

const TITLE = 'Album';

/** Albums: a member's releases of their own tracks. Making and changing them needs core or premium. */
@ApiTags('albums')
@Controller('v1')
export class AlbumsController {
  constructor(
    private readonly albums: AlbumsService,
    private readonly reads: AlbumReadsService,
  ) {}

  @Get('albums')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Explore albums, newest first, optionally of some tags', 200, { data: AlbumPageSchema })
  @ApiQueryFrom(ListAlbumsQueryDto)
  async explore(@Query() query: ListAlbumsQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.reads.explore(query, viewer));
  }

  @Get('albums/user/:username')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope("A member's albums, newest first", 200, { data: AlbumPageSchema })
  @ApiQueryFrom(AlbumPageQueryDto)
  async byUser(@Param('username') username: string, @Query() query: AlbumPageQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.reads.listByUser(username, query, viewer));
  }

  @Get('albums/:id')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('An album with its tracks in order and their running time', 200, { data: AlbumDataSchema })
  async get(@Param('id') id: string, @ViewerUser() viewer: AuthUser | null) {
    return ok({ album: await this.reads.get(albumIdParam(id), viewer) });
  }

  @Get('tracks/:id/albums')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Albums that hold a track', 200, { data: TrackAlbumsSchema })
  async forTrack(@Param('id') id: string, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.reads.forTrack(trackIdParam(id), viewer));
  }

  @Post('albums')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Create an album of my tracks (core or premium)', 201, { data: AlbumDataSchema })
  async create(@CurrentUser() user: AuthUser, @Body() dto: CreateAlbumDto) {
    return ok({ album: await this.albums.create(user, dto) }, { title: TITLE, description: ALBUM_MSG.created });
  }

  @Put('albums/:id')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Edit my album', 200, { data: AlbumDataSchema })
  async update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: UpdateAlbumDto) {
    return ok({ album: await this.albums.update(user, albumIdParam(id), dto) }, { title: TITLE, description: ALBUM_MSG.updated });
  }

  @Put('albums/:id/tracks')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope("Set my album's tracks: the full ordered list", 200, { data: AlbumDataSchema })
  async arrange(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() dto: ArrangeAlbumTracksDto) {
    return ok({ album: await this.albums.arrange(user, albumIdParam(id), dto) }, { title: TITLE, description: ALBUM_MSG.arranged });
  }

  @Delete('albums/:id')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Delete my album (its tracks stay)', 200)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.albums.delete(user, albumIdParam(id));
    return ok(undefined, { title: TITLE, description: ALBUM_MSG.deleted });
  }
}
