import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListeningHistoryQueryDto, HistoryPageSchema, PlayUrlSchema } from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { PlayService } from './play.service';
import { trackIdParam } from './tracks.controller';

/** Spec §9: listening history pages hold 10. */
const HISTORY_PAGE = 10;

@ApiTags('tracks')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1')
export class PlayController {
  constructor(private readonly plays: PlayService) {}

  @Get('tracks/:id/play')
  @ApiEnvelope('Get a short-lived URL to stream a track', 200, { data: PlayUrlSchema })
  async play(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(await this.plays.play(user, trackIdParam(id)));
  }

  @Get('listening_history')
  @ApiEnvelope('My listening history, or a member\'s who shares it', 200, { data: HistoryPageSchema })
  @ApiQueryFrom(ListeningHistoryQueryDto)
  async history(@CurrentUser() user: AuthUser, @Query() query: ListeningHistoryQueryDto) {
    return ok(await this.plays.history(user, query.username, {
      limit: query.limit ?? HISTORY_PAGE, offset: query.offset ?? 0, dir: query.sort_dir ?? 'desc',
    }));
  }
}
