import { displayName } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { artworkSrc } from '../../components/tracks/artwork';
import { currentTrack, next, pause, player, previous, resume, seek, seekBy } from '../../lib/player/store';

const SKIP_SECONDS = 10;

/**
 * The Media Session API: the lock screen, the notification shade and hardware media keys show the
 * track and drive the player.
 */
export function useMediaSession(): void {
  const state = useSnapshot(player);
  const track = currentTrack(state);
  const supported = typeof navigator !== 'undefined' && 'mediaSession' in navigator;

  useEffect(() => {
    if (!supported) return;
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => resume()],
      ['pause', () => pause()],
      ['stop', () => pause()],
      ['previoustrack', () => void previous()],
      ['nexttrack', () => void next()],
      ['seekbackward', (details) => seekBy(-(details.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (details) => seekBy(details.seekOffset ?? SKIP_SECONDS)],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ];
    for (const [action, handler] of actions) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know is simply not offered.
      }
    }
    return () => {
      for (const [action] of actions) {
        try {
          navigator.mediaSession.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [supported]);

  useEffect(() => {
    if (!supported) return;
    navigator.mediaSession.metadata = track
      ? new MediaMetadata({
          title: track.title,
          artist: displayName(track),
          album: 'stardeck',
          artwork: [{ src: new URL(artworkSrc(track), window.location.href).href, sizes: '192x192' }],
        })
      : null;
  }, [supported, track]);

  useEffect(() => {
    if (!supported) return;
    navigator.mediaSession.playbackState = track ? (state.playing ? 'playing' : 'paused') : 'none';
  }, [supported, track, state.playing]);

  useEffect(() => {
    if (!supported || !track || !(state.duration > 0)) return;
    try {
      navigator.mediaSession.setPositionState({ duration: state.duration, playbackRate: state.rate, position: Math.min(state.progress, state.duration) });
    } catch {
      // A position the browser finds inconsistent mid-seek is skipped; the next update corrects it.
    }
  }, [supported, track, state.duration, state.rate, Math.floor(state.progress)]);
}
