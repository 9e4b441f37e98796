import { displayName } from '@stardeck/contracts/browser';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useMatch, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { artworkSrc } from '../../../components/tracks/artwork';
import { loadComments } from '../../../lib/comments/store';
import { checkEndlessAccess, currentTrack, player, setVisible } from '../../../lib/player/store';
import { session, useMe } from '../../../lib/session/store';
import { useMediaSession } from '../media-session';
import { useShortcuts } from '../shortcuts';
import { closeCommentInput, playerUi, togglePanel } from '../store';
import { PLAYER_WAVEFORM_HEIGHT } from '../../../lib/waveform';
import { useEngine } from '../use-engine';
import { CommentForm } from './comment-form';
import { CommentLayer } from './comment-layer';
import { Position, Transport, Volume } from './controls';
import { PlayerPanel } from './player-panel';
import '../player.css';

const PANEL_ID = 'player-panel';

/**
 * The footer player (spec §2, §4 Player), for signed-in members: one compact bar with the
 * artwork, title and artist, the transport, the waveform with its comment avatars, the time, the
 * volume and a button for the options panel (queue, history, speed and the rest). On a phone the
 * bar keeps one line: the waveform, time and volume give way. A tab hides and shows it
 * (persisted); hidden, it keeps playing. Once something has played it stays, showing the last
 * track, when nothing is left to play.
 */
export function FooterPlayer() {
  const me = useMe();
  const state = useSnapshot(player);
  const ui = useSnapshot(playerUi);
  const track = currentTrack(state);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const waveRef = useRef<HTMLDivElement>(null);
  useEngine(waveRef, PLAYER_WAVEFORM_HEIGHT);
  useMediaSession();
  useShortcuts(root);

  // The page keeps its last lines, and the toasts their place, above the bar whatever its height.
  useEffect(() => {
    if (!root) return;
    const bar = root.querySelector<HTMLElement>('.player__bar');
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--player-height', `${root.hidden ? 0 : root.offsetHeight}px`));
    observer.observe(root);
    if (bar) observer.observe(bar);
    return () => {
      observer.disconnect();
      document.documentElement.style.removeProperty('--player-height');
    };
  }, [root]);

  // The panel covers the bottom of the page: a move to another page or a click elsewhere folds it.
  const { pathname } = useLocation();
  useEffect(() => togglePanel(false), [pathname]);
  useEffect(() => {
    if (!ui.panelOpen || !root) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) togglePanel(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ui.panelOpen, root]);

  // Spec §4: endless mode turns off once the member no longer has it.
  useEffect(() => subscribeKey(session, 'me', (next) => checkEndlessAccess(next)), []);

  // A track change closes the comment input and loads the new track's comments.
  useEffect(() => {
    if (playerUi.draft && playerUi.draft.trackId !== state.currentId) closeCommentInput();
    if (state.currentId !== null) void loadComments(state.currentId);
  }, [state.currentId]);

  const hasTrack = me !== null && track !== null;
  return (
    <section
      ref={setRoot}
      className={`player ${state.visible ? '' : 'player--hidden'}`}
      aria-label="player"
      hidden={!hasTrack}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && playerUi.panelOpen && !event.defaultPrevented) {
          togglePanel(false);
          root?.querySelector<HTMLElement>(`[aria-controls="${PANEL_ID}"]`)?.focus();
        }
      }}
    >
      {/* Above the bar, in this order: the hide/show tab, then the panel and the comment input when open. */}
      <div className="player__above">
        <button type="button" className="player__tab" aria-expanded={state.visible} aria-controls="player-body" onClick={() => setVisible(!state.visible)}>
          {state.visible ? '▾ hide player' : '▴ show player'}
        </button>
        {state.visible && ui.panelOpen && <PlayerPanel id={PANEL_ID} track={track} />}
        {state.visible && ui.draft && track && <CommentForm track={track} />}
      </div>
      <div id="player-body" className="player__bar" hidden={!state.visible}>
        {track && <img className="player__artwork" src={artworkSrc(track)} alt="" width={48} height={48} />}
        <div className="player__names">
          {track && (
            <>
              <TrackTitleLink trackId={track.id} username={track.username} title={track.title} />
              <Link className="player__creator" to={`/${track.username}`}>
                {displayName(track)}
              </Link>
            </>
          )}
        </div>
        <Transport />
        <div className="player__wave-area">
          <div className="player__wave" ref={waveRef} style={{ height: PLAYER_WAVEFORM_HEIGHT }} />
          {track && <CommentLayer track={track} />}
        </div>
        <Position />
        <Volume />
        <button
          type="button"
          className={`btn btn--small player__more ${ui.panelOpen ? 'btn--primary' : ''}`}
          aria-expanded={ui.panelOpen}
          aria-controls={PANEL_ID}
          onClick={() => togglePanel()}
        >
          <span aria-hidden="true">≡ </span>more
        </button>
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
