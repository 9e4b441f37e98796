import { LISTEN_ALONG, displayName, type SonarPlayback, type SonarUser } from '@stardeck/contracts/browser';
import { subscribe } from 'valtio';
import { currentTrack, pause, play, player, resume, seek } from '../../lib/player/store';
import { getTrack } from './api/get-track';
import { isSonarConnected, onSonarConnect, sendMessage, setPresence } from './connection';
import { needsPublish, playbackOf, syncStep } from './listen-along-rules';
import { playbackReceivedAt, sonarStore } from './store';

/**
 * Listen along (beyond the spec). A host shares the track they play into the room as a card; from
 * then on their player state rides on their presence updates: at once on a change of track, play,
 * pause or a seek, and every couple of seconds while they play. A follower's footer player loads
 * the host's track and keeps within a second of it, until the follower leaves, or the host stops
 * sharing or leaves the room. Nothing here is written to the log.
 */

const SYNC_EVERY_MS = 250;

// ---- hosting
let stopWatchingPlayer: (() => void) | null = null;
let stopWatchingConnect: (() => void) | null = null;
let heartbeat: ReturnType<typeof setInterval> | null = null;
let pending: ReturnType<typeof setTimeout> | null = null;
let lastSent: { playback: SonarPlayback | null; at: number } | null = null;

/** Sends the player state now, or just after the gateway's minimum interval when one was just sent. */
function publish(force: boolean): void {
  const next = playbackOf(player);
  const now = Date.now();
  if (!force && lastSent && !needsPublish(lastSent.playback, next, now - lastSent.at)) return;
  const wait = lastSent ? lastSent.at + LISTEN_ALONG.minUpdateIntervalMs + 10 - now : 0;
  if (wait > 0) {
    pending ??= setTimeout(() => {
      pending = null;
      publish(true);
    }, wait);
    return;
  }
  lastSent = { playback: next, at: now };
  setPresence(next ? 'listening' : 'active', next);
  // The player closed: there is nothing left to follow.
  if (!next) stopHosting();
}

function startHosting(): void {
  if (sonarStore.followingId) leaveListenAlong();
  if (!sonarStore.hosting) {
    sonarStore.hosting = true;
    stopWatchingPlayer = subscribe(player, () => publish(false));
    stopWatchingConnect = onSonarConnect(() => setTimeout(() => publish(true), 0));
    heartbeat = setInterval(() => {
      if (player.playing) publish(true);
    }, LISTEN_ALONG.heartbeatMs);
  }
  publish(true);
}

/** Stops sharing this member's player; followers hear that it stopped. */
export function stopHosting(): void {
  if (!sonarStore.hosting) return;
  sonarStore.hosting = false;
  stopWatchingPlayer?.();
  stopWatchingConnect?.();
  if (heartbeat) clearInterval(heartbeat);
  if (pending) clearTimeout(pending);
  stopWatchingPlayer = null;
  stopWatchingConnect = null;
  heartbeat = null;
  pending = null;
  lastSent = null;
  setPresence('active', null);
}

/** Shares the playing track into the room as a card, and this member's player with it. Returns the error shown, or null. */
export async function shareCurrentTrack(): Promise<string | null> {
  const track = currentTrack();
  if (!track) return (sonarStore.error = 'Play a track first to share it');
  const failure = await sendMessage(`♪ ${track.title} by ${displayName(track)}`, track.id);
  if (failure) return failure;
  startHosting();
  return null;
}

// ---- following
let syncTimer: ReturnType<typeof setInterval> | null = null;
let hostName = '';
let loadingTrack: number | null = null;

async function loadHostTrack(trackId: number): Promise<void> {
  if (loadingTrack === trackId) return;
  loadingTrack = trackId;
  const result = await getTrack(trackId);
  const stillWanted = loadingTrack === trackId && sonarStore.followingId !== null;
  loadingTrack = null;
  if (!stillWanted) return;
  if (!result.ok || !result.envelope.data?.track) {
    leaveListenAlong('The shared track could not be loaded');
    return;
  }
  await play(result.envelope.data.track);
}

function syncOnce(): void {
  const hostId = sonarStore.followingId;
  if (!hostId) return;
  const user = sonarStore.users.find((candidate) => candidate.id === hostId);
  const host = user && { name: user.name, playback: user.playback, receivedAt: playbackReceivedAt.get(user.id) ?? Date.now() };
  const step = syncStep(host, hostName, player, isSonarConnected() && sonarStore.usersLoaded, Date.now());
  switch (step.kind) {
    case 'end':
      leaveListenAlong(step.reason);
      return;
    case 'load':
      void loadHostTrack(step.trackId);
      return;
    case 'wait':
      return;
    case 'align':
      if (step.seekTo !== null) seek(step.seekTo);
      if (step.play === true) resume();
      if (step.play === false) pause();
  }
}

/** Follows a host's player (a click on 'listen along': the gesture that lets the browser play). */
export function listenAlong(host: Pick<SonarUser, 'id' | 'name'>): void {
  if (sonarStore.hosting) stopHosting();
  if (syncTimer) clearInterval(syncTimer);
  sonarStore.followingId = host.id;
  sonarStore.listenAlongEnded = null;
  hostName = host.name;
  syncTimer = setInterval(syncOnce, SYNC_EVERY_MS);
  syncOnce();
}

/** Stops following; `reason` says why when it ended on its own. The player keeps what it plays. */
export function leaveListenAlong(reason: string | null = null): void {
  if (syncTimer) clearInterval(syncTimer);
  syncTimer = null;
  loadingTrack = null;
  sonarStore.followingId = null;
  sonarStore.listenAlongEnded = reason;
}

/** Sign-out: no timer or subscription outlives the member. */
export function resetListenAlong(): void {
  leaveListenAlong();
  stopHosting();
}
