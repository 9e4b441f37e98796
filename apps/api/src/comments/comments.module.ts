import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { TracksModule } from '../tracks';
import { CommentCommands } from './comment-commands';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** Timestamped comments on tracks and their threads of replies. */
@Module({
  imports: [AuthModule, TracksModule],
  controllers: [CommentsController],
  providers: [CommentCommands, CommentsRepository, CommentsService],
})
export class CommentsModule {}
