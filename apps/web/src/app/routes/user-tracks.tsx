import { useState } from 'react';
import { useLoaderData, useParams, useRouteLoaderData } from 'react-router';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { getUserTracks, type TrackPage } from '../../features/tracks/api/tracks';
import { PinnedTrack } from '../../features/tracks/components/pinned-track';
import { USER_TRACKS_PAGE } from '../../features/tracks/page-size';
import { openModal } from '../../lib/modals/store';
import { enqueue } from '../../lib/player/store';
import { useMe } from '../../lib/session/store';
import { toastFailure } from '../../lib/toasts/from-result';
import type { UserLayoutData } from '../user-loaders';
import { countOf } from '../../utils/format';

/**
 * /{username}: the member's tracks, newest first (all of them to the owner, listed ones to
 * others). The owner uploads from here.
 */
export function Component() {
  const preloaded = useLoaderData() as TrackPage;
  const layout = useRouteLoaderData('user') as UserLayoutData | undefined;
  const { username = '' } = useParams();
  const me = useMe();
  const own = me !== null && me.username.toLowerCase() === username.toLowerCase();
  const [more, setMore] = useState<{ key: TrackPage; pages: TrackPage[] }>({ key: preloaded, pages: [] });
  // A new preload (another member, or a revalidation after an edit) starts the list again.
  const pages = more.key === preloaded ? more.pages : [];
  const tracks = [...preloaded.tracks, ...pages.flatMap((p) => p.tracks)];
  const hasMore = (pages.at(-1) ?? preloaded).has_more;
  const [loading, setLoading] = useState(false);

  const loadMore = async () => {
    setLoading(true);
    const result = await getUserTracks(username, { limit: USER_TRACKS_PAGE, offset: tracks.length });
    setLoading(false);
    if (!result.ok) return toastFailure(result.failure);
    setMore({ key: preloaded, pages: [...pages, result.envelope.data!] });
  };

  return (
    <TerminalWindow path={`~/${username}`} title={`${username} · tracks`}>
      <PromptLine command={`ls ~/${username}/tracks`} />
      <div className="actions">
        {own && (
          <button type="button" className="btn btn--primary" onClick={() => openModal('manageTrackUpload')}>
            + upload track
          </button>
        )}
        {tracks.some((t) => t.status === 'ready') && (
          <button type="button" className="btn" onClick={() => tracks.filter((t) => t.status === 'ready').forEach((t) => enqueue(t))}>
            queue all
          </button>
        )}
      </div>
      <PinnedTrack trackId={layout?.profile.pinned_track_id ?? null} />
      <p className="output output--muted">
        {countOf(preloaded.total, 'track')}
      </p>
      {tracks.length === 0 ? (
        <p className="output output--muted">{own ? 'no tracks yet: upload your first one.' : 'no tracks to show.'}</p>
      ) : (
        <ul className="track-list">
          {tracks.map((track) => (
            <li key={track.id}>
              <TrackCard track={track} />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <div className="actions">
          <button type="button" className="btn" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'loading...' : 'more'}
          </button>
        </div>
      )}
    </TerminalWindow>
  );
}
