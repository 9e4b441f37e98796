import type { TrackView } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../session/store';
import { reset as resetToasts, toasts } from '../toasts/store';
import { aMember, failure, fakeApi, ok, type FakeCall } from '../../testing/fake-fetch';
import { endlessExclusions, nextOn, playOn, previousOn } from './rules';
import { loadSettings } from './settings';
import {
  checkEndlessAccess, ended, enqueue, next, play, playAll, playLabel, player, previous, registerEngine, reportProgress, reportReady, reset, seekBy,
  setEndless, setVolume,
} from './store';

const track = (id: number): TrackView => ({ id, title: `track ${id}`, duration_seconds: 60, username: 'nova' }) as TrackView;
const PREMIUM = { tier: { slug: 'premium', features: { infinite_mode: true } } };

/** Play URLs for every track, and random tracks from `pool` that the request does not exclude. */
function fakePlayer(pool: number[] = []) {
  const routes: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {
    'POST /v1/tracks/infinite': (call) => {
      const excluded = new Set((call.body as { exclude_ids: number[] }).exclude_ids);
      return ok({ tracks: pool.filter((id) => !excluded.has(id)).slice(0, 1).map(track) });
    },
  };
  for (let id = 1; id <= 40; id++) routes[`GET /v1/tracks/${id}/play`] = () => ok({ url: `/v1/storage/objects/tracks/${id}/standard.mp3`, quality: 'standard', mimetype: 'audio/mpeg', expires_in: 600 });
  return fakeApi(routes);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('player queue and history (spec §4 Player)', () => {
  const engine = { play: vi.fn(), pause: vi.fn(), seek: vi.fn() };
  let unregister: () => void;

  beforeEach(() => {
    resetSession();
    adoptSession('t', aMember());
    reset();
    resetToasts();
    unregister = registerEngine(engine);
    vi.clearAllMocks();
  });
  afterEach(() => {
    unregister();
    vi.unstubAllGlobals();
  });

  it('makes a played track current and loading at 0, then hands the engine its stream URL', async () => {
    fakePlayer();
    const playing = play(track(1));
    expect(player).toMatchObject({ currentId: 1, loading: true, playing: false, progress: 0, visible: true });
    expect(playLabel(player, 1)).toBe('LOADING');
    await playing;
    expect(player.source).toMatchObject({ trackId: 1, url: '/v1/storage/objects/tracks/1/standard.mp3' });
  });

  it('play-all plays the first ready track and queues the others in their order, in place of the queue', async () => {
    fakePlayer();
    await play(track(9));
    enqueue(track(8));
    const processing = { ...track(3), status: 'processing' } as TrackView;
    const ready = (id: number) => ({ ...track(id), status: 'ready' }) as TrackView;
    expect(await playAll([ready(1), processing, ready(2), ready(4)])).toBe(true);
    expect(player).toMatchObject({ currentId: 1, queue: [2, 4], history: [9] });
    await settle();
    expect(player.source).toMatchObject({ trackId: 1 });
    expect(await next()).toBe(true);
    expect(player.currentId).toBe(2);
    expect(await playAll([processing])).toBe(false);
    expect(player.currentId).toBe(2);
  });

  it('puts the replaced track onto history, newest first, keeping 20', async () => {
    fakePlayer();
    for (let id = 1; id <= 25; id++) await play(track(id));
    expect(player.currentId).toBe(25);
    expect(player.history).toHaveLength(20);
    expect(player.history.slice(0, 3)).toEqual([24, 23, 22]);
    // Views of tracks that fell off history are let go.
    expect(player.tracks[1]).toBeUndefined();
  });

  it('resumes instead of reloading when the current track is played again', async () => {
    fakePlayer();
    await play(track(1));
    reportReady(60);
    const loaded = player.source!.load;
    await play(track(1));
    expect(engine.play).toHaveBeenCalledTimes(1);
    expect(player.source!.load).toBe(loaded);
    expect(player.history).toEqual([]);
  });

  it('takes next from the front of the queue and previous from history, putting the current track back at the front of the queue', async () => {
    fakePlayer();
    await play(track(1));
    enqueue(track(2));
    enqueue(track(3));
    expect(await next()).toBe(true);
    expect(player).toMatchObject({ currentId: 2, queue: [3], history: [1] });
    expect(await previous()).toBe(true);
    expect(player).toMatchObject({ currentId: 1, queue: [2, 3], history: [] });
    expect(await previous()).toBe(false);
  });

  it('plays the next queued track at the end, restarts a track queued after itself, and stays on the last track when the queue is empty', async () => {
    fakePlayer();
    await play(track(1));
    enqueue(track(1));
    const first = player.source!.load;
    await ended();
    expect(player.currentId).toBe(1);
    expect(player.source!.load).toBeGreaterThan(first);
    reportReady(30);
    await ended();
    expect(player).toMatchObject({ currentId: 1, playing: false, loading: false, progress: 30 });
    expect(player.source).not.toBeNull();
  });

  it('stops loading when the stream URL fails, and says why', async () => {
    fakeApi({ 'GET /v1/tracks/9/play': failure(409, { title: 'Track', description: 'Track is still processing' }) });
    await play(track(9));
    expect(player).toMatchObject({ currentId: 9, loading: false, source: null });
    expect(toasts.list).toMatchObject([{ kind: 'error', description: 'Track is still processing' }]);
  });

  it('adds up quick seeks although the audio reports its old time in between, and follows it again once a seek lands', async () => {
    fakePlayer();
    await play(track(1));
    reportReady(60);
    reportProgress(4);
    seekBy(5);
    // The audio element still says where it was before the seek.
    reportProgress(4);
    seekBy(5);
    seekBy(5);
    expect(player.progress).toBe(19);
    expect(engine.seek.mock.calls.map(([to]) => to)).toEqual([9, 14, 19]);
    reportProgress(19.1);
    reportProgress(20);
    expect(player.progress).toBe(20);
  });

  it('takes the time the audio settles on when a seek does not land where it asked, after a second', async () => {
    fakePlayer();
    await play(track(1));
    reportReady(60);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      seekBy(30);
      reportProgress(12);
      expect(player.progress).toBe(30);
      vi.advanceTimersByTime(1_000);
      reportProgress(12);
      expect(player.progress).toBe(12);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clamps volume to 0..1 in steps of 0.01', () => {
    setVolume(1.7);
    expect(player.volume).toBe(1);
    setVolume(-2);
    expect(player.volume).toBe(0);
    setVolume(0.333);
    expect(player.volume).toBe(0.33);
  });

  it('reads the pure rules as the spec states them', () => {
    const deck = { currentId: 5, queue: [6, 7], history: [4, 3] };
    expect(playOn(deck, 5)).toBe(deck);
    expect(nextOn(deck, { shuffle: true, random: () => 0.99 })).toEqual({ currentId: 7, queue: [6], history: [5, 4, 3] });
    expect(previousOn(deck)).toEqual({ currentId: 4, queue: [5, 6, 7], history: [3] });
    const long = { currentId: 1, queue: [2], history: Array.from({ length: 15 }, (_, i) => 100 + i) };
    expect(endlessExclusions(long)).toEqual([1, 2, ...long.history.slice(0, 10)]);
  });
});

describe('endless mode (spec §4 Player)', () => {
  beforeEach(() => {
    resetSession();
    reset();
    resetToasts();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs tier.features.infinite_mode', () => {
    adoptSession('t', aMember());
    expect(setEndless(true)).toBe(false);
    expect(player.endless).toBe(false);
    expect(toasts.list).toMatchObject([{ kind: 'error', title: 'Endless Mode' }]);
  });

  it('adds one random track per play, excluding the current track, the queue and recent history', async () => {
    adoptSession('t', aMember(PREMIUM));
    const api = fakePlayer([1, 30, 31, 32]);
    expect(setEndless(true)).toBe(true);
    await play(track(1));
    await settle();
    enqueue(track(2));
    expect(player.queue).toEqual([30, 2]);
    expect(api.callsTo('POST /v1/tracks/infinite')[0]!.body).toEqual({ limit: 1, exclude_ids: [1] });
    await next();
    await settle();
    expect(player.currentId).toBe(30);
    expect(api.callsTo('POST /v1/tracks/infinite')[1]!.body).toEqual({ limit: 1, exclude_ids: [30, 2, 1] });
    expect(player.queue).toEqual([2, 31]);
  });

  it('tops up once per track among the last 5 it handled', async () => {
    adoptSession('t', aMember(PREMIUM));
    const api = fakePlayer([30, 31, 32, 33, 34, 35, 36, 37]);
    setEndless(true);
    for (const id of [1, 2, 1]) {
      await play(track(id));
      await settle();
    }
    expect(api.callsTo('POST /v1/tracks/infinite')).toHaveLength(2);
    expect(player.endlessHandled).toEqual([2, 1]);
    for (const id of [3, 4, 5, 6, 1]) {
      await play(track(id));
      await settle();
    }
    // 1 was handled six plays ago: forgotten, so it tops up again.
    expect(api.callsTo('POST /v1/tracks/infinite')).toHaveLength(7);
    expect(player.endlessHandled).toHaveLength(5);
  });

  it('turns off when the member loses access, or the server refuses', async () => {
    adoptSession('t', aMember(PREMIUM));
    setEndless(true);
    checkEndlessAccess(aMember());
    expect(player.endless).toBe(false);

    setEndless(true);
    fakeApi({
      'GET /v1/tracks/1/play': ok({ url: '/a.mp3', quality: 'standard', mimetype: 'audio/mpeg', expires_in: 600 }),
      'POST /v1/tracks/infinite': failure(403, { title: 'Endless Mode', description: 'Endless mode needs a premium membership' }),
    });
    await play(track(1));
    await settle();
    expect(player.endless).toBe(false);
  });
});

describe('player settings (spec §3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps volume, rate, pitch, endless, shuffle and visibility on the device, each checked on load', async () => {
    const saved = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => saved.get(k) ?? null, setItem: (k: string, v: string) => saved.set(k, v) });
    setVolume(0.42);
    await settle();
    expect(JSON.parse(saved.get('stardeck:player')!)).toMatchObject({ volume: 0.42, rate: 1, preservePitch: true, shuffle: false });
    saved.set('stardeck:player', JSON.stringify({ volume: 0.5, rate: 0.75, preservePitch: false, endless: true, shuffle: true, visible: false }));
    expect(loadSettings()).toEqual({ volume: 0.5, rate: 0.75, preservePitch: false, endless: true, shuffle: true, visible: false });
    saved.set('stardeck:player', JSON.stringify({ volume: 'loud', rate: 3 }));
    expect(loadSettings()).toMatchObject({ volume: 0.8, rate: 1 });
    saved.set('stardeck:player', '{not json');
    expect(loadSettings().volume).toBe(0.8);
  });
});
