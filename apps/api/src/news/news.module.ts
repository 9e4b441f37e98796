import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { ManageNewsController, NewsController } from './news.controller';
import { NewsCommands } from './news-commands';
import { NewsRepository } from './news.repository';
import { NewsService } from './news.service';

/** News posts: members read them, admins write them. */
@Module({
  imports: [AuthModule],
  controllers: [NewsController, ManageNewsController],
  providers: [NewsCommands, NewsRepository, NewsService],
})
export class NewsModule {}
