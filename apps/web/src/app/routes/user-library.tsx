import { useLoaderData } from 'react-router';
import { useSnapshot } from 'valtio';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import type { LibraryPage } from '../../lib/library/api';
import { cachedPage, libraryStore } from '../../lib/library/store';
import { formatDate } from '../../utils/format';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

/**
 * /{username}/library: saved tracks, newest first. The page reads the library store, where the
 * loader put it, so a track removed from one's own library leaves the list at once (spec §4 Library).
 */
export function Component() {
  const { request, page } = useLoaderData() as Paged<LibraryPage>;
  const { username, own } = useUserPage();
  const cached = cachedPage(useSnapshot(libraryStore).libraries, username, request);
  const tracks = cached?.tracks ?? page?.tracks ?? [];
  const total = cached?.totalTracks ?? page?.total_tracks ?? 0;
  return (
    <UserPageFrame kind="library" title="library">
      <PromptLine command={`ls ~/${username}/library`} />
      <p className="output output--muted">{total} saved</p>
      {tracks.length === 0 ? (
        <Empty>{own ? 'your library is empty: SAVE a track to find it here.' : `@${username} has not saved any track yet.`}</Empty>
      ) : (
        <ul className="track-list" aria-label="saved tracks">
          {tracks.map((track) => (
            <li key={track.id}>
              <TrackCard track={track} />
              <p className="output output--muted">saved {formatDate(track.saved_at)}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager request={request} total={total} defaultSize={USER_PAGE_SIZES.library} label="library" />
    </UserPageFrame>
  );
}
