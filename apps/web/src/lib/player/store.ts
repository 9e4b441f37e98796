import { clampVolume, type Me, type PlaybackRate, type TrackView } from '@stardeck/contracts/browser';
import { proxy, ref, subscribe } from 'valtio';
import { session } from '../session/store';
import { toastFailure } from '../toasts/from-result';
import { showToast } from '../toasts/store';
import { getPlayUrl } from './api/get-play-url';
import { getRandomTracks } from './api/get-random-tracks';
import { endlessExclusions, endlessTopUp, enqueue as enqueueOn, nextOn, playAllOn, playOn, previousOn, referencedIds, removeFromQueue as removeOn, type Deck } from './rules';
import { DEFAULT_SETTINGS, loadSettings, saveSettings, type PlayerSettings } from './settings';

/**
 * The footer player's state (spec §3 Player state) and the actions that move it (spec §4 Player).
 * It lives in lib/ because every list of tracks, whichever feature shows it, starts playback and
 * shows whether its track is playing; the footer player feature draws it and plays the audio.
 *
 * The audio itself belongs to an engine (features/player: wavesurfer.js on a media element). The
 * store tells it what to load through `source` and commands it through the registered engine;
 * the engine reports back (ready, playing, time, ended) through the `report*` actions.
 */
export interface PlayerEngine {
  play(): void;
  pause(): void;
  seek(seconds: number): void;
}

export interface PlayerSource {
  trackId: number;
  url: string;
  /** A new load each time, even of the same track (a track that ends with itself next restarts). */
  load: number;
}

export interface PlayerState extends Deck, PlayerSettings {
  /** The tracks the deck refers to, by id (kept as plain objects: they are replaced, never edited). */
  tracks: Record<number, TrackView>;
  playing: boolean;
  loading: boolean;
  /** Seconds played of the current track. */
  progress: number;
  duration: number;
  source: PlayerSource | null;
  /** Endless mode: the last tracks it topped the queue up for. */
  endlessHandled: number[];
}

const initialState = (settings: PlayerSettings = loadSettings()): PlayerState => ({
  currentId: null, queue: [], history: [], tracks: {}, playing: false, loading: false, progress: 0, duration: 0,
  source: null, endlessHandled: [], ...settings,
});

export const player = proxy<PlayerState>(initialState());

let engine: PlayerEngine | null = null;
/** Each track change gets a number; answers for an older one are dropped. */
let loadCounter = 0;

subscribe(player, () => saveSettings(settingsOf(player)));

function settingsOf(state: PlayerSettings): PlayerSettings {
  return { volume: state.volume, rate: state.rate, preservePitch: state.preservePitch, endless: state.endless, shuffle: state.shuffle, visible: state.visible };
}

/** The engine of the mounted footer player; it unregisters on unmount. */
export function registerEngine(next: PlayerEngine): () => void {
  engine = next;
  return () => {
    if (engine === next) engine = null;
  };
}

/** Works on the store and on its snapshots (the views are the same objects: they are kept as refs). */
export function currentTrack(state: { currentId: number | null; tracks: Readonly<Record<number, unknown>> } = player): TrackView | null {
  return state.currentId === null ? null : ((state.tracks[state.currentId] as TrackView | undefined) ?? null);
}

/** Spec §2 play button label for a track: PLAY, LOADING, PLAYING or PAUSED (current, not playing). */
export function playLabel(state: Pick<PlayerState, 'currentId' | 'loading' | 'playing'>, trackId: number): 'PLAY' | 'LOADING' | 'PLAYING' | 'PAUSED' {
  if (state.currentId !== trackId) return 'PLAY';
  if (state.loading) return 'LOADING';
  return state.playing ? 'PLAYING' : 'PAUSED';
}

export function canUseEndless(me: Pick<Me, 'tier'> | null | undefined): boolean {
  return Boolean(me?.tier.features.infinite_mode);
}

function remember(...views: TrackView[]): void {
  for (const view of views) player.tracks[view.id] = ref(view) as TrackView;
}

/** Track views nothing refers to any more are let go, so the map never grows without bound. */
function forgetUnreferenced(): void {
  const keep = referencedIds(player);
  for (const id of Object.keys(player.tracks).map(Number)) if (!keep.has(id)) delete player.tracks[id];
}

function applyDeck(deck: Deck): void {
  player.currentId = deck.currentId;
  player.queue = deck.queue;
  player.history = deck.history;
}

/**
 * Spec §4: playing a track makes it current, loading, not playing, at 0; the player shows; the
 * stream URL is fetched and the engine loads and autoplays it. Playing the current track again
 * shows the player and resumes.
 */
export async function play(track: TrackView): Promise<void> {
  remember(track);
  player.visible = true;
  if (player.currentId === track.id && player.source) {
    if (!player.loading) engine?.play();
    return;
  }
  applyDeck(playOn(player, track.id));
  await startCurrent();
}

/**
 * Plays a list in its order (a collection's play-all): the first track now, the others queued
 * after it in place of what was queued. Only ready tracks can play; false when none is.
 */
export async function playAll(tracks: readonly TrackView[]): Promise<boolean> {
  const playable = tracks.filter((track) => track.status === 'ready');
  const deck = playAllOn(player, playable.map((track) => track.id));
  if (!deck) return false;
  remember(...playable);
  player.visible = true;
  const restart = player.currentId === deck.currentId;
  applyDeck(deck);
  forgetUnreferenced();
  if (restart && player.source) {
    engine?.seek(0);
    engine?.play();
  } else await startCurrent();
  return true;
}

/** Plays the next queued track; false when the queue is empty. */
export async function next(): Promise<boolean> {
  const deck = nextOn(player, { shuffle: player.shuffle });
  if (!deck) return false;
  applyDeck(deck);
  await startCurrent();
  return true;
}

/** Plays the newest history entry, putting the current track back at the front of the queue. */
export async function previous(): Promise<boolean> {
  const deck = previousOn(player);
  if (!deck) return false;
  applyDeck(deck);
  await startCurrent();
  return true;
}

/** The queue list: play an entry now (it leaves the queue). */
export async function playQueued(index: number): Promise<void> {
  const id = player.queue[index];
  if (id === undefined) return;
  const view = player.tracks[id];
  player.queue = player.queue.filter((_, i) => i !== index);
  if (view) await play(view);
}

/** The history list: play an entry again (the current track goes onto history as usual). */
export async function playFromHistory(index: number): Promise<void> {
  const view = player.tracks[player.history[index]!];
  if (view) await play(view);
}

async function startCurrent(): Promise<void> {
  const track = currentTrack();
  if (!track) return;
  const load = ++loadCounter;
  forgetUnreferenced();
  player.loading = true;
  player.playing = false;
  player.progress = 0;
  pendingSeek = null;
  player.duration = track.duration_seconds ?? 0;
  player.source = null;
  void topUpEndless(track.id);
  const result = await getPlayUrl(track.id);
  if (load !== loadCounter) return;
  if (!result.ok) {
    // Spec §4: a stream URL failure stops loading.
    player.loading = false;
    toastFailure(result.failure, { title: 'Player', description: 'Could not load the track' });
    return;
  }
  player.source = { trackId: track.id, url: result.envelope.data!.url, load };
}

export function togglePlay(): void {
  if (player.currentId === null || player.loading) return;
  if (player.playing) engine?.pause();
  else engine?.play();
}

export function pause(): void {
  engine?.pause();
}

export function resume(): void {
  if (player.currentId !== null && !player.loading) engine?.play();
}

/**
 * The last seek, until the engine reports a time near it. The audio element reports the time it
 * had before a seek for a moment after it, and taking that report would undo the seek: three quick
 * presses of → then moved 5 s instead of 15, since each started from the undone position.
 */
let pendingSeek: { to: number; at: number } | null = null;
/** How close a report must come to a pending seek's target to count as its landing. */
const SEEK_LANDED_SECONDS = 0.5;
/** After this long a seek counts as landed wherever the engine says it is (it may have clamped it). */
const SEEK_SETTLE_MS = 1_000;

export function seek(seconds: number): void {
  if (player.currentId === null) return;
  const to = Math.max(0, Math.min(player.duration || seconds, seconds));
  player.progress = to;
  pendingSeek = { to, at: performance.now() };
  engine?.seek(to);
}

export function seekBy(delta: number): void {
  seek(player.progress + delta);
}

export function setVolume(value: number): void {
  player.volume = clampVolume(value);
}

export function setRate(rate: PlaybackRate): void {
  player.rate = rate;
}

export function setPreservePitch(on: boolean): void {
  player.preservePitch = on;
}

export function setShuffle(on: boolean): void {
  player.shuffle = on;
}

export function setVisible(visible: boolean): void {
  player.visible = visible;
}

/** Endless mode needs tier.features.infinite_mode; turning it on tops up for the track playing now. */
export function setEndless(on: boolean): boolean {
  if (on && !canUseEndless(session.me)) {
    showToast({ kind: 'error', title: 'Endless Mode', description: 'Endless mode needs a premium membership' });
    return false;
  }
  player.endless = on;
  if (on && player.currentId !== null) void topUpEndless(player.currentId);
  return true;
}

/** Spec §4: endless mode turns off when the member loses access to it. */
export function checkEndlessAccess(me: Pick<Me, 'tier'> | null | undefined): void {
  if (player.endless && !canUseEndless(me)) player.endless = false;
}

export function enqueue(track: TrackView): void {
  remember(track);
  applyDeck(enqueueOn(player, track.id));
}

export function removeFromQueue(index: number): void {
  applyDeck(removeOn(player, index));
  forgetUnreferenced();
}

/** The queue list: moves an entry to another place in the order (by drag or by keyboard). */
export function moveInQueue(from: number, to: number): void {
  const queue = [...player.queue];
  if (from === to || !(from in queue) || !(to in queue)) return;
  const [id] = queue.splice(from, 1);
  queue.splice(to, 0, id!);
  player.queue = queue;
}

export function clearQueue(): void {
  player.queue = [];
  forgetUnreferenced();
}

/** A card or the player changed a track (saved, edited): every copy the player holds follows. */
export function updateTrack(view: TrackView): void {
  if (player.tracks[view.id]) remember(view);
}

/** A deleted track leaves the queue and history; if it is playing, the next one plays, or the player closes. */
export function forgetTrack(id: number): void {
  applyDeck({ currentId: player.currentId, queue: player.queue.filter((q) => q !== id), history: player.history.filter((h) => h !== id) });
  if (player.currentId !== id) {
    forgetUnreferenced();
    return;
  }
  player.playing = false;
  void next().then((playing) => {
    if (!playing) close();
  });
}

/**
 * Spec §4: one random track joins the queue each time a track plays in endless mode, never the
 * current one, the queue or the last 10 of history. A refusal (no longer premium) turns it off.
 */
async function topUpEndless(playedId: number): Promise<void> {
  if (!player.endless) return;
  if (!canUseEndless(session.me)) {
    player.endless = false;
    return;
  }
  const memory = endlessTopUp(player.endlessHandled, playedId);
  if (!memory) return;
  player.endlessHandled = memory;
  const result = await getRandomTracks(1, endlessExclusions(player));
  if (!result.ok) {
    if (result.failure.kind === 'http' && result.failure.status === 403) player.endless = false;
    // Spec §8: a failed random-track fetch is an empty list; the queue simply does not grow.
    return;
  }
  const exclude = new Set(endlessExclusions(player));
  const fresh = (result.envelope.data?.tracks ?? []).filter((t) => !exclude.has(t.id));
  if (!player.endless || fresh.length === 0) return;
  remember(...fresh);
  player.queue = [...player.queue, ...fresh.map((t) => t.id)];
}

/** The engine loaded the track and knows its length. */
export function reportReady(duration: number): void {
  player.loading = false;
  if (Number.isFinite(duration) && duration > 0) player.duration = duration;
}

export function reportPlaying(playing: boolean): void {
  player.playing = playing;
}

export function reportProgress(seconds: number): void {
  if (!Number.isFinite(seconds)) return;
  if (pendingSeek) {
    const early = performance.now() - pendingSeek.at < SEEK_SETTLE_MS;
    if (early && Math.abs(seconds - pendingSeek.to) > SEEK_LANDED_SECONDS) return;
    pendingSeek = null;
  }
  player.progress = seconds;
}

export function reportError(): void {
  player.loading = false;
  player.playing = false;
  showToast({ kind: 'error', title: 'Player', description: 'The track could not be played' });
}

/**
 * Spec §4: at the end the next queued track plays (the same track again restarts). With nothing
 * left to play the player stays on the last track, paused at its end, with its history: closing
 * it there left a member who let a queue or endless mode run out with no way back to what played.
 */
export async function ended(): Promise<void> {
  player.playing = false;
  if (await next()) return;
  player.progress = player.duration;
}

/** Closes the player: nothing current, nothing loading; the queue (empty) and history stay. */
function close(): void {
  loadCounter++;
  player.currentId = null;
  player.source = null;
  player.playing = false;
  player.loading = false;
  player.progress = 0;
  player.duration = 0;
  forgetUnreferenced();
}

/**
 * Logout (spec §4): playback stops, the player resets and hides. The device's settings stay
 * (volume, rate…), except that the player starts hidden until something plays.
 */
export function reset(): void {
  engine?.pause();
  loadCounter++;
  const settings = { ...settingsOf(player), visible: false };
  Object.assign(player, initialState({ ...DEFAULT_SETTINGS, ...settings }));
  pendingSeek = null;
}
