import { useLoaderData } from 'react-router';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import type { HistoryPage } from '../../features/profiles/api/lists';
import { Pager } from '../../features/profiles/components/pager';
import { USER_PAGE_SIZES } from '../../features/profiles/page-sizes';
import { openModal } from '../../lib/modals/store';
import { countOf, formatDate } from '../../utils/format';
import type { Paged } from '../user-loaders';
import { Empty, UserPageFrame, useUserPage } from './user-page-frame';

/** /{username}/history: listening history, newest first, when the member shares it. */
export function Component() {
  const { request, page } = useLoaderData() as Paged<HistoryPage>;
  const { username, own } = useUserPage();
  const tracks = page?.tracks ?? [];
  return (
    <UserPageFrame kind="history" title="listening history">
      <PromptLine command={`history --user ${username}`} />
      {own && (
        <div className="actions">
          <button type="button" className="btn btn--small" onClick={() => openModal('historyList')}>
            played in this tab
          </button>
        </div>
      )}
      {page === null ? (
        <Empty>@{username} keeps their listening history private.</Empty>
      ) : tracks.length === 0 ? (
        <Empty>{own ? 'you have not played anything yet.' : `@${username} has not played anything yet.`}</Empty>
      ) : (
        <>
          <p className="output output--muted">{countOf(page.total, 'play')}</p>
          <ol className="track-list" aria-label="listening history">
            {tracks.map((track, index) => (
              <li key={`${track.id}-${index}`}>
                <TrackCard track={track} />
                <p className="output output--muted">played {formatDate(track.played_at)}</p>
              </li>
            ))}
          </ol>
          <Pager request={request} total={page.total} defaultSize={USER_PAGE_SIZES.history} label="history" />
        </>
      )}
    </UserPageFrame>
  );
}
