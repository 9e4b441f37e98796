import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { SONAR_MSG, SonarHistorySchema, SonarMessageDataSchema, SonarMessagesQueryDto, SonarRoomInfoSchema, SonarTokenSchema } from '@stardeck/contracts';
import { AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { SonarPresence } from './sonar-presence';
import { SonarTokenService } from './sonar-token.service';
import { SonarService, roomIdOf } from './sonar.service';

function messageIdParam(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw ApiError.notFound(SONAR_MSG.messageNotFound, 'Chat');
  return id;
}

/** Sonar over HTTP (spec §7): the chat token, and a room's history, info and single messages. */
@ApiTags('sonar')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1/sonar')
export class SonarController {
  constructor(
    private readonly sonar: SonarService,
    private readonly tokens: SonarTokenService,
    private readonly presence: SonarPresence,
  ) {}

  @Post('token')
  @HttpCode(200)
  @ApiEnvelope('A short-lived token that opens the chat socket', 200, { data: SonarTokenSchema })
  token(@CurrentUser() user: AuthUser) {
    return ok(this.tokens.issue(user));
  }

  @Get(':roomId/messages')
  @ApiEnvelope("A page of a room's history, newest page first, oldest first within it", 200, { data: SonarHistorySchema })
  @ApiQueryFrom(SonarMessagesQueryDto)
  async messages(@CurrentUser() user: AuthUser, @Param('roomId') roomId: string, @Query() query: SonarMessagesQueryDto) {
    return ok(await this.sonar.history(roomIdOf(roomId), user, query));
  }

  @Get(':roomId/info')
  @ApiEnvelope('How many messages a room holds and how many members are in it now', 200, { data: SonarRoomInfoSchema })
  async info(@Param('roomId') roomId: string) {
    const room = roomIdOf(roomId);
    const [messageCount, users] = await Promise.all([this.sonar.messageCount(room), this.presence.users(room)]);
    return ok({ roomId: room, messageCount, userCount: users.length });
  }

  @Get(':roomId/message/:id')
  @ApiEnvelope('One message of a room', 200, { data: SonarMessageDataSchema })
  async message(@CurrentUser() user: AuthUser, @Param('roomId') roomId: string, @Param('id') id: string) {
    return ok({ message: await this.sonar.message(roomIdOf(roomId), messageIdParam(id), user) });
  }
}
