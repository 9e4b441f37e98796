import type { AlbumPage } from '@stardeck/contracts/browser';
import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { AlbumList } from '../../features/albums/components/album-list';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import { openModal } from '../../lib/modals/store';
import { useMe } from '../../lib/session/store';
import { countOf } from '../../utils/format';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

/** /{username}/albums: one's own in every visibility, another member's as listed to the viewer. */
export function Component() {
  const { request, page } = useLoaderData() as Paged<AlbumPage>;
  const { username, own } = useUserPage();
  const me = useMe();
  const albums = page?.albums ?? [];
  const canCreate = me?.tier.slug !== 'free';
  return (
    <UserPageFrame kind="albums" title="albums">
      <PromptLine command={`ls ~/${username}/albums`} />
      <p className="output output--muted">{countOf(page?.total ?? 0, 'album')}</p>
      {own && (
        <p className="actions">
          {canCreate ? (
            <button type="button" className="btn btn--primary" onClick={() => openModal('manageAlbumCreate')}>
              new album
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => openModal('manageMembership')}>
              new album: upgrade to core
            </button>
          )}
        </p>
      )}
      {albums.length === 0 ? (
        <Empty>{own ? 'you have no albums yet.' : `@${username} has no albums to show.`}</Empty>
      ) : (
        <AlbumList albums={albums} label="albums" />
      )}
      <Pager request={request} total={page?.total ?? 0} defaultSize={USER_PAGE_SIZES.albums} label="albums" />
    </UserPageFrame>
  );
}
