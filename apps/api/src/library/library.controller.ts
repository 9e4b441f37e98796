import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  LibraryChangeSchema, LibraryPageSchema, LibraryQueryDto, LibraryRemovalSchema, LibraryTrackDto, SOCIAL_MSG, SavedByPageSchema,
  SavedByQueryDto,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, OptionalAuthGuard, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { trackIdParam } from '../tracks';
import { LibraryService } from './library.service';

@ApiTags('library')
@Controller('v1')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Post('manage/library')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Save a track to my library', 200, { data: LibraryChangeSchema })
  async save(@CurrentUser() user: AuthUser, @Body() dto: LibraryTrackDto) {
    return ok(await this.library.save(user, dto.track_id), { title: 'Library', description: SOCIAL_MSG.trackSaved });
  }

  @Delete('manage/library')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Remove a track from my library and from my collections', 200, { data: LibraryRemovalSchema })
  async remove(@CurrentUser() user: AuthUser, @Body() dto: LibraryTrackDto) {
    return ok(await this.library.remove(user, dto.track_id), { title: 'Library', description: SOCIAL_MSG.trackRemoved });
  }

  @Get('library/user/:username')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope("A member's saved tracks, newest first", 200, { data: LibraryPageSchema })
  @ApiQueryFrom(LibraryQueryDto)
  async list(@Param('username') username: string, @Query() query: LibraryQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.library.list(username, query, viewer));
  }

  @Get('tracks/:id/saved_by')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('Members who saved a track', 200, { data: SavedByPageSchema })
  @ApiQueryFrom(SavedByQueryDto)
  async savedBy(@Param('id') id: string, @Query() query: SavedByQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.library.savedBy(trackIdParam(id), query, viewer));
  }
}
