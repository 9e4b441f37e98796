import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ExploreNav } from '../../features/explore/components/explore-nav';
import type { UserPage } from '../../features/explore/api/explore';
import { ExploreControls } from '../../features/explore/components/explore-controls';
import { USERS_EXPLORE } from '../../features/explore/explore-lists';
import { MemberList } from '../../features/profiles/components/member-list';
import { Pager } from '../../features/profiles/components/pager';
import type { Explored, UsersQuery } from '../explore-loaders';
import { Empty } from './user-page-frame';
import { countOf } from '../../utils/format';

/** /explore/users: members by search and sort (spec §7 keys), 10 a page (spec §9). */
export function Component() {
  const { query, page } = useLoaderData() as Explored<UsersQuery, UserPage>;
  const users = page?.users ?? [];
  const total = page?.total ?? 0;
  const command = ['users', query.search && `--search "${query.search}"`, `--sort=${query.sort}`, `--dir=${query.dir}`, query.hasTracks && '--has-tracks']
    .filter(Boolean)
    .join(' ');
  return (
    <TerminalWindow path="~/explore/users" title="explore users">
      <ExploreNav />
      <PromptLine command={command} />
      <ExploreControls label="members" spec={USERS_EXPLORE} query={query} limit={query.page.limit}>
        <label className="explore-controls__check">
          <input type="checkbox" name="has_tracks" value="true" defaultChecked={query.hasTracks} key={String(query.hasTracks)} onChange={(e) => e.currentTarget.form?.requestSubmit()} />{' '}
          with tracks only
        </label>
      </ExploreControls>
      <p className="output output--muted" role="status">
        {countOf(total, 'member')}
      </p>
      {users.length === 0 ? (
        <Empty>{query.search ? `no member matches "${query.search}".` : 'no members to show.'}</Empty>
      ) : (
        <MemberList users={users} label="members" />
      )}
      <Pager request={query.page} total={total} defaultSize={USERS_EXPLORE.pageSize} label="members" />
    </TerminalWindow>
  );
}
