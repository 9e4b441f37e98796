import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ImagesModule } from '../images';
import { RealtimeModule } from '../realtime';
import { ConversationCommands } from './conversation-commands';
import { ConversationsController } from './conversations.controller';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { DirectMessagePushService } from './direct-message-push.service';

/** Direct messages between members, and live pushes of them to their recipients' open tabs. */
@Module({
  imports: [AuthModule, ImagesModule, RealtimeModule],
  controllers: [ConversationsController],
  providers: [ConversationCommands, ConversationsRepository, ConversationsService, DirectMessagePushService],
})
export class ConversationsModule {}
