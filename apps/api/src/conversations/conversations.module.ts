import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ImagesModule } from '../images';
import { ConversationCommands } from './conversation-commands';
import { ConversationsController } from './conversations.controller';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';

/** Direct messages between members. */
@Module({
  imports: [AuthModule, ImagesModule],
  controllers: [ConversationsController],
  providers: [ConversationCommands, ConversationsRepository, ConversationsService],
})
export class ConversationsModule {}
