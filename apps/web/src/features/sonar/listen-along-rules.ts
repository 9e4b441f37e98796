import { LISTEN_ALONG, type SonarPlayback } from '@stardeck/contracts/browser';

/** The follower's own player, as far as following needs it. */
export interface LocalPlayer {
  currentId: number | null;
  loading: boolean;
  playing: boolean;
  /** Seconds into the current track. */
  progress: number;
}

export interface HostState {
  name: string;
  playback: SonarPlayback | null;
  /** When the follower received that playback (its own clock: the two machines' clocks never meet). */
  receivedAt: number;
}

export type SyncStep =
  /** Listening along is over, for this reason. */
  | { kind: 'end'; reason: string }
  /** Load and play the host's track first. */
  | { kind: 'load'; trackId: number }
  /** Nothing to do yet (offline for a moment, the track still loading). */
  | { kind: 'wait' }
  /** Seek where the host is now (when too far off) and play or pause as the host does (when different). */
  | { kind: 'align'; seekTo: number | null; play: boolean | null };

/** Where the host is now: where they said, plus the time since when they are playing. */
export function hostPosition(playback: SonarPlayback, receivedAt: number, now: number): number {
  return playback.position + (playback.playing ? Math.max(0, now - receivedAt) / 1000 : 0);
}

/**
 * One step of following a host: what the follower's player must do to be within the tolerance of
 * the host's. `host` is undefined when the host is no longer in the room.
 */
export function syncStep(host: HostState | undefined, hostName: string, local: LocalPlayer, connected: boolean, now: number): SyncStep {
  // A dropped connection clears the user list; the reconnect brings the host back.
  if (!connected) return { kind: 'wait' };
  if (!host) return { kind: 'end', reason: `${hostName} left the room` };
  const playback = host.playback;
  if (!playback) return { kind: 'end', reason: `${host.name} stopped sharing` };
  if (local.currentId !== playback.trackId) return { kind: 'load', trackId: playback.trackId };
  if (local.loading) return { kind: 'wait' };
  const target = hostPosition(playback, host.receivedAt, now);
  return {
    kind: 'align',
    seekTo: Math.abs(local.progress - target) > LISTEN_ALONG.toleranceSeconds ? target : null,
    play: playback.playing === local.playing ? null : playback.playing,
  };
}

/** A host's player state for the room; null when nothing is loaded. */
export function playbackOf(local: LocalPlayer): SonarPlayback | null {
  return local.currentId === null ? null : { trackId: local.currentId, position: Math.max(0, local.progress), playing: local.playing };
}

/**
 * Whether the host must tell the room now rather than at the next heartbeat: another track, play
 * or pause, or a jump (a seek) that the followers' reckoning would not foresee.
 */
export function needsPublish(last: SonarPlayback | null, next: SonarPlayback | null, elapsedMs: number): boolean {
  if (!last || !next) return last !== next;
  if (last.trackId !== next.trackId || last.playing !== next.playing) return true;
  const foreseen = last.position + (last.playing ? elapsedMs / 1000 : 0);
  return Math.abs(next.position - foreseen) > LISTEN_ALONG.toleranceSeconds;
}
