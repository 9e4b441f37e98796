import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CreateNewsDto, ManageNewsQueryDto, NEWS_MSG, NewsDataSchema, NewsPageSchema, NewsQueryDto, UpdateNewsDto } from '@stardeck/contracts';
import { AdminGuard, AuthGuard, CurrentUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiQueryFrom } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { NewsService } from './news.service';

/** A news post id from the path; anything else names no post. */
export function newsIdParam(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw ApiError.notFound(NEWS_MSG.notFound, NEWS_MSG.title);
  return id;
}

/** News for signed-in members (spec §7): published public posts. */
@ApiTags('news')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('v1/news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @Get()
  @ApiEnvelope('Published news, newest first by default', 200, { data: NewsPageSchema })
  @ApiQueryFrom(NewsQueryDto)
  async list(@CurrentUser() user: AuthUser, @Query() query: NewsQueryDto) {
    return ok(await this.news.list(user, query));
  }

  @Get(':id')
  @ApiEnvelope('One published news post', 200, { data: NewsDataSchema })
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok({ news: await this.news.get(user, newsIdParam(id)) });
  }
}

/** The admins' news screen: every post, drafts and private ones included, and writing them. */
@ApiTags('news')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('v1/manage/news')
export class ManageNewsController {
  constructor(private readonly news: NewsService) {}

  @Get()
  @ApiEnvelope('Every news post, newest first', 200, { data: NewsPageSchema })
  @ApiQueryFrom(ManageNewsQueryDto)
  async list(@Query() query: ManageNewsQueryDto) {
    return ok(await this.news.manageList(query));
  }

  @Post()
  @ApiEnvelope('Write a news post', 201, { data: NewsDataSchema })
  async create(@CurrentUser() admin: AuthUser, @Body() dto: CreateNewsDto) {
    return ok({ news: await this.news.create(admin, dto) }, { title: NEWS_MSG.title, description: NEWS_MSG.created });
  }

  @Put(':id')
  @ApiEnvelope('Change a news post: the fields sent', 200, { data: NewsDataSchema })
  async update(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() dto: UpdateNewsDto) {
    return ok({ news: await this.news.update(admin, newsIdParam(id), dto) }, { title: NEWS_MSG.title, description: NEWS_MSG.updated });
  }

  @Delete(':id')
  @ApiEnvelope('Delete a news post', 200)
  async delete(@CurrentUser() admin: AuthUser, @Param('id') id: string) {
    await this.news.delete(admin, newsIdParam(id));
    return ok(undefined, { title: NEWS_MSG.title, description: NEWS_MSG.deleted });
  }
}
