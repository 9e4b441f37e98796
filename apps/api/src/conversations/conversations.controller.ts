import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ConversationMessagesQueryDto, ConversationPageSchema, ConversationsQueryDto, DM_MSG, DirectMessagePageSchema, DirectMessageSentSchema, SendMessageDto,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, RequestThrottleService, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ok } from '../common/envelope';
import { ConversationsService, conversationIdParam } from './conversations.service';

/** Direct messages (spec §7 Social): sending one, and a member's own conversations. */
@ApiTags('messages')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1')
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly throttle: RequestThrottleService,
  ) {}

  @Post('messages')
  @ApiEnvelope('Send a direct message; the conversation with the recipient starts with the first', 201, { data: DirectMessageSentSchema })
  async send(@CurrentUser() user: AuthUser, @Body() dto: SendMessageDto) {
    // Counted before anything is read or written, so parallel sends cannot outrun the limit.
    await this.throttle.directMessage(user.id);
    return ok(await this.conversations.send(user, dto), { title: DM_MSG.title, description: DM_MSG.sent });
  }

  @Get('conversations')
  @ApiEnvelope('My conversations, the one that moved last first', 200, { data: ConversationPageSchema })
  @ApiQueryFrom(ConversationsQueryDto)
  async list(@CurrentUser() user: AuthUser, @Query() query: ConversationsQueryDto) {
    return ok(await this.conversations.list(user, query));
  }

  @Get('conversations/:id/messages')
  @ApiEnvelope("A conversation's messages, newest first; since_id gives only newer ones", 200, { data: DirectMessagePageSchema })
  @ApiQueryFrom(ConversationMessagesQueryDto)
  async messages(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() query: ConversationMessagesQueryDto) {
    return ok(await this.conversations.messages(user, conversationIdParam(id), query));
  }

  @Post('conversations/:id/read')
  @HttpCode(200)
  @ApiEnvelope('Mark a conversation read', 200, { me: true })
  async read(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(undefined, undefined, await this.conversations.markRead(user, conversationIdParam(id)));
  }
}
