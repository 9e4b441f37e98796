import type { UserSummary } from '@stardeck/contracts/browser';
import { useLoaderData, useLocation } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { MemberList } from '../../features/profiles/components/member-list';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

type MembersPage = { subscribers?: UserSummary[]; subscriptions?: UserSummary[]; total: number };

/** /{username}/subscribers and /{username}/subscriptions: members, newest first. */
export function Component() {
  const { request, page } = useLoaderData() as Paged<MembersPage>;
  const { pathname } = useLocation();
  const { username, own } = useUserPage();
  const kind = pathname.endsWith('/subscriptions') ? 'subscriptions' : 'subscribers';
  const users = page?.[kind] ?? [];
  const empty = kind === 'subscribers'
    ? own ? 'nobody subscribes to you yet.' : `nobody subscribes to @${username} yet.`
    : own ? 'you have not subscribed to anyone yet.' : `@${username} has not subscribed to anyone yet.`;
  return (
    <UserPageFrame kind={kind} title={kind}>
      <PromptLine command={`ls ~/${username}/${kind}`} />
      <p className="output output--muted">
        {page?.total ?? 0} {kind}
      </p>
      {users.length === 0 ? <Empty>{empty}</Empty> : <MemberList users={users} label={kind} />}
      <Pager request={request} total={page?.total ?? 0} defaultSize={USER_PAGE_SIZES.members} label={kind} />
    </UserPageFrame>
  );
}
