import { Injectable } from '@nestjs/common';
import {
  PAGE_SIZES, SOCIAL_MSG, TRACK_MSG, socialStreamIds, type CommentThreadView, type CommentView, type CommentsQueryDto, type EditCommentDto,
  type MemberCommentPage, type PostCommentDto, type ReplyCommentDto,
} from '@stardeck/contracts';
import type { Db, EventStore, Tx } from '@stardeck/infra';
import type { AuthUser } from '../auth';
import { ApiError } from '../common/api-error';
import { memberIdByUsername } from '../common/member-cards.repository';
import { trackVisibility, type Viewer } from '../common/visibility';
import { InjectDatabase, InjectEventStore } from '../platform/tokens';
import { ArtworkService, TracksRepository, type TrackRow } from '../tracks';
import { CommentCommands } from './comment-commands';
import { commentViews } from './comment-view';
import { CommentsRepository, type CommentRow } from './comments.repository';

const viewerOf = (user: AuthUser | null): Viewer => (user ? { id: user.id } : null);
const notFound = () => ApiError.notFound(SOCIAL_MSG.commentNotFound, 'Comment');
const pageOf = (query: CommentsQueryDto) => ({ limit: query.limit ?? PAGE_SIZES.comments, offset: query.offset ?? 0 });

/**
 * Comments at a timestamp of a track, and replies in threads one level deep. Whoever may not open
 * the track gets 404 for its comments, exactly as for the track itself.
 */
@Injectable()
export class CommentsService {
  constructor(
    @InjectDatabase() private readonly db: Db,
    @InjectEventStore() private readonly store: EventStore,
    private readonly comments: CommentsRepository,
    private readonly commands: CommentCommands,
    private readonly tracks: TracksRepository,
    private readonly artwork: ArtworkService,
  ) {}

  private readonly imageUrl = (key: string, mimetype: string | null) => this.artwork.signedUrlOf(key, mimetype);

  async list(trackId: number, query: CommentsQueryDto, user: AuthUser | null) {
    await this.openTrack(this.db, trackId, viewerOf(user));
    const page = await this.comments.threads(this.db, trackId, viewerOf(user), pageOf(query));
    return { comments: await commentViews(this.db, page.items, this.imageUrl), total_comments: page.total, has_more: page.has_more };
  }

  /** A member's comments (the user page /{username}/comments), on tracks the viewer may see listed. */
  async listByAuthor(username: string, query: CommentsQueryDto, user: AuthUser | null): Promise<MemberCommentPage> {
    const authorId = await memberIdByUsername(this.db, username);
    if (!authorId) throw ApiError.notFound(TRACK_MSG.userNotFound(username), 'User');
    const page = await this.comments.byAuthor(this.db, authorId, viewerOf(user), { limit: query.limit ?? PAGE_SIZES.commentPage, offset: query.offset ?? 0 });
    const [views, tracks] = await Promise.all([
      commentViews(this.db, page.items, this.imageUrl),
      this.comments.trackLabels(this.db, page.items.map((row) => row.track_id)),
    ]);
    const comments = views.flatMap((view) => {
      const track = tracks.get(view.track_id);
      return track ? [{ ...view, track }] : [];
    });
    return { comments, total: page.total, has_more: page.has_more };
  }

  async post(user: AuthUser, trackId: number, dto: PostCommentDto): Promise<CommentView> {
    const id = await this.store.transaction(async (tx) => {
      const track = await this.openTrack(tx, trackId, user);
      const commentId = await this.comments.nextCommentId(tx);
      await this.commands.runIn(tx, socialStreamIds.comment(commentId), {
        type: 'PostComment', comment_id: commentId, author_id: user.id, track: { id: track.id, owner_id: track.user_id, duration: track.duration },
        text: dto.text, track_timestamp: dto.track_timestamp, parent: null,
      });
      return commentId;
    });
    return this.view(id);
  }

  /** The thread a comment belongs to: its first comment and a page of replies. */
  async thread(commentId: number, query: CommentsQueryDto, user: AuthUser | null): Promise<CommentThreadView> {
    const target = await this.comments.findRow(this.db, commentId);
    const root = target?.parent_id ? await this.comments.findRow(this.db, target.parent_id) : target;
    if (!root) throw notFound();
    await this.openTrack(this.db, root.track_id, viewerOf(user), notFound);
    const page = await this.comments.replies(this.db, root.id, viewerOf(user), pageOf(query));
    const [comment, ...replies] = await commentViews(this.db, [root, ...page.items], this.imageUrl);
    return { comment: comment!, replies, total_replies: page.total, has_more_replies: page.has_more };
  }

  /** A reply joins the thread of the comment it answers, at the thread's timestamp. */
  async reply(user: AuthUser, commentId: number, dto: ReplyCommentDto): Promise<CommentView> {
    const id = await this.store.transaction(async (tx) => {
      const root = await this.lockThread(tx, commentId);
      const track = await this.openTrack(tx, root.track_id, user, notFound);
      const replyId = await this.comments.nextCommentId(tx);
      await this.commands.runIn(tx, socialStreamIds.comment(replyId), {
        type: 'PostComment', comment_id: replyId, author_id: user.id, track: { id: track.id, owner_id: track.user_id, duration: track.duration },
        text: dto.text, track_timestamp: root.track_timestamp, parent: { id: root.id, author_id: root.author_id, track_timestamp: root.track_timestamp },
      });
      return replyId;
    });
    return this.view(id);
  }

  async edit(user: AuthUser, commentId: number, dto: EditCommentDto): Promise<CommentView> {
    await this.store.transaction(async (tx) => {
      const comment = await this.lockComment(tx, commentId);
      const track = await this.openTrack(tx, comment.track_id, user, notFound);
      await this.commands.runIn(tx, socialStreamIds.comment(commentId), {
        type: 'EditComment', actor_id: user.id, text: dto.text, track_timestamp: dto.track_timestamp, track_duration: track.duration,
      });
    });
    return this.view(commentId);
  }

  async delete(user: AuthUser, commentId: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      const comment = await this.lockComment(tx, commentId);
      await this.openTrack(tx, comment.track_id, user, () => ApiError.notFound(SOCIAL_MSG.commentNotFound, SOCIAL_MSG.commentDeleteFailed));
      await this.commands.runIn(tx, socialStreamIds.comment(commentId), { type: 'DeleteComment', actor_id: user.id, actor_is_admin: user.role === 'admin' });
    });
  }

  /**
   * Holds a thread's first comment for a reply: deleting it takes the replies along, so a reply
   * must not land while it is being deleted. Threads are taken before their replies, always.
   */
  private async lockThread(tx: Tx, commentId: number): Promise<CommentRow> {
    const target = await this.comments.findRow(tx, commentId);
    if (!target) throw notFound();
    const rootId = target.parent_id ?? target.id;
    await this.commands.lock(tx, socialStreamIds.comment(rootId));
    const root = await this.comments.findRow(tx, rootId);
    if (!root) throw notFound();
    return root;
  }

  /** Holds a comment (and, for a reply, its thread first) and reads it again: it may have gone with its thread meanwhile. */
  private async lockComment(tx: Tx, commentId: number): Promise<CommentRow> {
    const first = await this.comments.findRow(tx, commentId);
    if (!first) throw notFound();
    if (first.parent_id) await this.commands.lock(tx, socialStreamIds.comment(first.parent_id));
    await this.commands.lock(tx, socialStreamIds.comment(commentId));
    const comment = await this.comments.findRow(tx, commentId);
    if (!comment) throw notFound();
    return comment;
  }

  private async openTrack(executor: Db | Tx, trackId: number, viewer: Viewer, missing = () => ApiError.notFound(TRACK_MSG.trackNotFound, 'Comment')): Promise<TrackRow> {
    const track = await this.tracks.findRow(executor, trackId);
    if (!track || !trackVisibility.canView(track, viewer)) throw missing();
    return track;
  }

  private async view(id: number): Promise<CommentView> {
    const row = await this.comments.findRow(this.db, id);
    if (!row) throw notFound();
    return (await commentViews(this.db, [row], this.imageUrl))[0]!;
  }
}
