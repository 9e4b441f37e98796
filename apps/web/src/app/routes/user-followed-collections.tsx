import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import type { CollectionPage } from '../../features/profiles/api/lists';
import { CollectionList } from '../../features/profiles/components/collection-list';
import { FollowButton } from '../../features/collections/components/follow-button';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

/** /{username}/followed-collections: the collections a member follows, newest follow first. */
export function Component() {
  const { request, page } = useLoaderData() as Paged<CollectionPage>;
  const { username, own } = useUserPage();
  const collections = page?.collections ?? [];
  return (
    <UserPageFrame kind="followed-collections" title="followed collections">
      <PromptLine command={`ls ~/${username}/followed-collections`} />
      {collections.length === 0 ? (
        <Empty>{own ? 'you do not follow any collection yet.' : `@${username} does not follow any collection yet.`}</Empty>
      ) : (
        <>
          <p className="output output--muted">{page?.total ?? 0} followed</p>
          <CollectionList collections={collections} label="followed collections" follow={(collection) => <FollowButton collection={collection} />} />
          <Pager request={request} total={page?.total ?? 0} defaultSize={USER_PAGE_SIZES.collections} label="followed collections" />
        </>
      )}
    </UserPageFrame>
  );
}
