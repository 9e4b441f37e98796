import { displayName } from '@stardeck/contracts/browser';
import { useEffect, useRef, useState } from 'react';
import { Link, useMatch, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { artworkSrc } from '../../../components/tracks/artwork';
import { loadComments } from '../../../lib/comments/store';
import { checkEndlessAccess, currentTrack, player, setVisible } from '../../../lib/player/store';
import { session, useMe } from '../../../lib/session/store';
import { useMediaSession } from '../media-session';
import { useShortcuts } from '../shortcuts';
import { closeCommentInput, playerUi } from '../store';
import { useEngine, useWaveformHeight } from '../use-engine';
import { CommentForm } from './comment-form';
import { CommentLayer } from './comment-layer';
import { Controls } from './controls';
import { Heatmap } from './heatmap';
import { ShortcutList } from './shortcut-list';
import '../player.css';

/**
 * The footer player (spec §2, §4 Player), for signed-in members: the waveform with comment
 * avatars and the heatmap under it, the controls, the comment input and the shortcut list. A tab
 * hides and shows it (persisted); hidden, it keeps playing.
 */
export function FooterPlayer() {
  const me = useMe();
  const state = useSnapshot(player);
  const ui = useSnapshot(playerUi);
  const track = currentTrack(state);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const waveRef = useRef<HTMLDivElement>(null);
  const height = useWaveformHeight();
  useEngine(waveRef, height);
  useMediaSession();
  useShortcuts(root);

  // The page keeps its last lines above the player, whatever height the player has now.
  useEffect(() => {
    if (!root) return;
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--player-height', `${root.hidden ? 0 : root.offsetHeight}px`));
    observer.observe(root);
    return () => {
      observer.disconnect();
      document.documentElement.style.removeProperty('--player-height');
    };
  }, [root]);

  // Spec §4: endless mode turns off once the member no longer has it.
  useEffect(() => subscribeKey(session, 'me', (next) => checkEndlessAccess(next)), []);

  // A track change closes the comment input and loads the new track's comments.
  useEffect(() => {
    if (playerUi.draft && playerUi.draft.trackId !== state.currentId) closeCommentInput();
    if (state.currentId !== null) void loadComments(state.currentId);
  }, [state.currentId]);

  const hasTrack = me !== null && track !== null;
  return (
    <section ref={setRoot} className={`player ${hasTrack ? '' : 'player--idle'} ${state.visible ? '' : 'player--hidden'}`} aria-label="player" hidden={!hasTrack}>
      <button type="button" className="player__tab" aria-expanded={state.visible} aria-controls="player-body" onClick={() => setVisible(!state.visible)}>
        {state.visible ? '▾ hide player' : '▴ show player'}
      </button>
      <div id="player-body" className="player__body" hidden={!state.visible}>
        {track && (
          <div className="player__now">
            <img className="player__artwork" src={artworkSrc(track)} alt="" width={48} height={48} />
            <div className="player__names">
              <TrackTitleLink trackId={track.id} username={track.username} title={track.title} />
              <Link className="player__creator" to={`/${track.username}`}>
                {displayName(track)}
              </Link>
            </div>
          </div>
        )}
        <div className="player__wave-area">
          <div className="player__wave" ref={waveRef} style={{ height }} />
          {track && <CommentLayer track={track} />}
        </div>
        {track && <Heatmap trackId={track.id} />}
        {track && <Controls track={track} />}
        {ui.draft && track && <CommentForm track={track} />}
        {ui.helpOpen && <ShortcutList />}
      </div>
    </section>
  );
}

/**
 * Spec §2: the title leads to the track page; on another track's page the route is replaced,
 * so the page loads this track and its comments.
 */
function TrackTitleLink({ trackId, username, title }: { trackId: number; username: string; title: string }) {
  const onTrackPage = useMatch('/:username/tracks/:trackId');
  const navigate = useNavigate();
  const to = `/${username}/tracks/${trackId}`;
  return (
    <Link
      className="player__title"
      to={to}
      onClick={(event) => {
        if (!onTrackPage || onTrackPage.params.trackId === String(trackId)) return;
        event.preventDefault();
        void navigate(to, { replace: true });
      }}
    >
      {title}
    </Link>
  );
}
