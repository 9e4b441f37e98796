import { useLoaderData } from 'react-router';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import type { LibraryPage } from '../../features/profiles/api/lists';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import { formatDate } from '../../utils/format';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

/** /{username}/library: saved tracks, newest first; SAVE/SAVED changes at once (spec §4 Library). */
export function Component() {
  const { request, page } = useLoaderData() as Paged<LibraryPage>;
  const { username, own } = useUserPage();
  const tracks = page?.tracks ?? [];
  return (
    <UserPageFrame kind="library" title="library">
      <PromptLine command={`ls ~/${username}/library`} />
      <p className="output output--muted">{page?.total_tracks ?? 0} saved</p>
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
      <Pager request={request} total={page?.total_tracks ?? 0} defaultSize={USER_PAGE_SIZES.library} label="library" />
    </UserPageFrame>
  );
}
