import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { openModal } from '../../lib/modals/store';
import type { CollectionPage } from '../../features/profiles/api/lists';
import { CollectionList } from '../../features/profiles/components/collection-list';
import { FollowButton } from '../../features/collections/components/follow-button';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';
import { countOf } from '../../utils/format';

/** /{username}/collections: one's own in every visibility, another member's as listed to the viewer. */
export function Component() {
  const { request, page } = useLoaderData() as Paged<CollectionPage>;
  const { username, own } = useUserPage();
  const collections = page?.collections ?? [];
  return (
    <UserPageFrame kind="collections" title="collections">
      <PromptLine command={`ls ~/${username}/collections`} />
      <p className="output output--muted">{countOf(page?.total ?? 0, 'collection')}</p>
      {own && (
        <p className="actions">
          <button type="button" className="btn btn--primary" onClick={() => openModal('manageCollectionCreate')}>
            new collection
          </button>
        </p>
      )}
      {collections.length === 0 ? (
        <Empty>{own ? 'you have no collections yet.' : `@${username} has no collections to show.`}</Empty>
      ) : (
        <CollectionList collections={collections} label="collections" follow={(collection) => <FollowButton collection={collection} />} />
      )}
      <Pager request={request} total={page?.total ?? 0} defaultSize={USER_PAGE_SIZES.collections} label="collections" />
    </UserPageFrame>
  );
}
