import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CommentDataSchema, CommentPageSchema, CommentThreadDataSchema, CommentsQueryDto, EditCommentDto, MEMBER_CEILINGS, MemberCommentPageSchema, PostCommentDto,
  ReplyCommentDto, SOCIAL_MSG,
} from '@stardeck/contracts';
import { AuthGuard, CurrentUser, OptionalAuthGuard, RequestThrottleService, ViewerUser, type AuthUser } from '../auth';
import { ApiEnvelope, ApiOptionalBearer, ApiQueryFrom } from '../common/api-docs';
import { ApiError } from '../common/api-error';
import { ok } from '../common/envelope';
import { trackIdParam } from '../tracks';
import { CommentsService } from './comments.service';

/** Path ids that are not positive integers cannot name a comment: 404, like a missing one. */
function commentIdParam(raw: string): number {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw ApiError.notFound(SOCIAL_MSG.commentNotFound, 'Comment');
  return id;
}

/** Comments on tracks, at the paths of spec §7. */
@ApiTags('comments')
@Controller('v1/comments')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly throttle: RequestThrottleService,
  ) {}

  /**
   * Every comment and reply notifies someone, so a member's posts are counted before anything is
   * read or written (parallel posts cannot outrun the limit), across every track and API process.
   */
  private countComment(user: AuthUser): Promise<void> {
    return this.throttle.consume([{ key: `comment:${user.id}`, ...MEMBER_CEILINGS.comments }]);
  }

  @Get('resource/track/:trackId')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope("A track's comments, in waveform order", 200, { data: CommentPageSchema })
  @ApiQueryFrom(CommentsQueryDto)
  async list(@Param('trackId') trackId: string, @Query() query: CommentsQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.comments.list(trackIdParam(trackId), query, viewer));
  }

  @Get('user/:username')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope("A member's comments, newest first", 200, { data: MemberCommentPageSchema })
  @ApiQueryFrom(CommentsQueryDto)
  async byMember(@Param('username') username: string, @Query() query: CommentsQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok(await this.comments.listByAuthor(username, query, viewer));
  }

  @Post('resource/track/:trackId')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Comment on a track at a timestamp', 201, { data: CommentDataSchema })
  async post(@CurrentUser() user: AuthUser, @Param('trackId') trackId: string, @Body() dto: PostCommentDto) {
    const id = trackIdParam(trackId);
    await this.countComment(user);
    const comment = await this.comments.post(user, id, dto);
    return ok({ comment }, { title: 'Comment', description: SOCIAL_MSG.commentPosted });
  }

  @Get('track/:commentId/thread')
  @UseGuards(OptionalAuthGuard)
  @ApiOptionalBearer()
  @ApiEnvelope('A comment thread with a page of its replies', 200, { data: CommentThreadDataSchema })
  @ApiQueryFrom(CommentsQueryDto)
  async thread(@Param('commentId') commentId: string, @Query() query: CommentsQueryDto, @ViewerUser() viewer: AuthUser | null) {
    return ok({ thread: await this.comments.thread(commentIdParam(commentId), query, viewer) });
  }

  @Post('track/:commentId/replies')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Reply to a comment', 201, { data: CommentDataSchema })
  async reply(@CurrentUser() user: AuthUser, @Param('commentId') commentId: string, @Body() dto: ReplyCommentDto) {
    const id = commentIdParam(commentId);
    await this.countComment(user);
    const comment = await this.comments.reply(user, id, dto);
    return ok({ comment }, { title: 'Comment', description: SOCIAL_MSG.commentPosted });
  }

  @Put('track/:commentId')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Edit my comment', 200, { data: CommentDataSchema })
  async edit(@CurrentUser() user: AuthUser, @Param('commentId') commentId: string, @Body() dto: EditCommentDto) {
    const comment = await this.comments.edit(user, commentIdParam(commentId), dto);
    return ok({ comment }, { title: 'Comment', description: SOCIAL_MSG.commentEdited });
  }

  @Delete('track/:commentId')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiEnvelope('Delete a comment: its author, the track owner or an admin', 200)
  async remove(@CurrentUser() user: AuthUser, @Param('commentId') commentId: string) {
    await this.comments.delete(user, commentIdParam(commentId));
    return ok(undefined, { title: 'Comment', description: SOCIAL_MSG.commentDeleted });
  }
}
