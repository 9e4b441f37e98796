import { displayName, type MemberCommentPage } from '@stardeck/contracts/browser';
import { Link, useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import { countOf, formatClock, formatDate } from '../../utils/format';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

/** /{username}/comments: the member's comments, newest first, each linking to its track. */
export function Component() {
  const { request, page } = useLoaderData() as Paged<MemberCommentPage>;
  const { username, own } = useUserPage();
  const comments = page?.comments ?? [];
  return (
    <UserPageFrame kind="comments" title="comments">
      <PromptLine command={`grep --author ${username} ~/comments`} />
      <p className="output output--muted">{countOf(page?.total ?? 0, 'comment')}</p>
      {comments.length === 0 ? (
        <Empty>{own ? 'you have not commented on any track yet.' : `@${username} has not commented on any track yet.`}</Empty>
      ) : (
        <ul className="comment-list" aria-label="comments">
          {comments.map((comment) => (
            <li key={comment.id} className="comment-row">
              <p className="output output--muted">
                on <Link to={`/${comment.track.username}/tracks/${comment.track.id}`}>{comment.track.title}</Link> at {formatClock(comment.track_timestamp)} ·{' '}
                {formatDate(comment.created)}
                {comment.parent_id !== null && ' · reply'}
                <span className="visually-hidden"> by {displayName(comment)}</span>
              </p>
              <p className="comment-row__text">{comment.text}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager request={request} total={page?.total ?? 0} defaultSize={USER_PAGE_SIZES.comments} label="comments" />
    </UserPageFrame>
  );
}
