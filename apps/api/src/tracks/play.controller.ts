import { Controller, Get, Param, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListeningHistoryQueryDto } from '@stardeck/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth/auth.guard';
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
  async play(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    return ok(await this.plays.play(user, trackIdParam(id), { request_id: request.id }));
  }

  @Get('listening_history')
  async history(@CurrentUser() user: AuthUser, @Query() query: ListeningHistoryQueryDto) {
    return ok(await this.plays.history(user, query.username, {
      limit: query.limit ?? HISTORY_PAGE, offset: query.offset ?? 0, dir: query.sort_dir ?? 'desc',
    }));
  }
}
