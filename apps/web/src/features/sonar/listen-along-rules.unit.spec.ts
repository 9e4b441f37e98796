import { describe, expect, it } from 'vitest';
import { hostPosition, needsPublish, playbackOf, syncStep, type HostState, type LocalPlayer } from './listen-along-rules';

const now = 100_000;
const host = (playback: HostState['playback'], receivedAt = now): HostState => ({ name: 'vega', playback, receivedAt });
const local = (over: Partial<LocalPlayer> = {}): LocalPlayer => ({ currentId: 7, loading: false, playing: true, progress: 10, ...over });

describe('syncStep: following a host', () => {
  it('ends when the host leaves the room or stops sharing, saying which', () => {
    expect(syncStep(undefined, 'vega', local(), true, now)).toEqual({ kind: 'end', reason: 'vega left the room' });
    expect(syncStep(host(null), 'vega', local(), true, now)).toEqual({ kind: 'end', reason: 'vega stopped sharing' });
  });

  it('waits out a dropped connection instead of ending (the user list is empty meanwhile)', () => {
    expect(syncStep(undefined, 'vega', local(), false, now)).toEqual({ kind: 'wait' });
  });

  it("loads the host's track first, then waits for it to load", () => {
    expect(syncStep(host({ trackId: 9, position: 0, playing: true }), 'vega', local(), true, now)).toEqual({ kind: 'load', trackId: 9 });
    expect(syncStep(host({ trackId: 7, position: 0, playing: true }), 'vega', local({ loading: true }), true, now)).toEqual({ kind: 'wait' });
  });

  it('seeks to where a playing host is now, reckoned from when the update arrived', () => {
    const step = syncStep(host({ trackId: 7, position: 20, playing: true }, now - 1500), 'vega', local({ progress: 10 }), true, now);
    expect(step).toEqual({ kind: 'align', seekTo: 21.5, play: null });
  });

  it('leaves a follower within the tolerance alone, and only matches play and pause', () => {
    expect(syncStep(host({ trackId: 7, position: 10.5, playing: true }), 'vega', local({ progress: 10 }), true, now)).toEqual({ kind: 'align', seekTo: null, play: null });
    expect(syncStep(host({ trackId: 7, position: 10, playing: false }, now - 5000), 'vega', local({ progress: 10 }), true, now))
      .toEqual({ kind: 'align', seekTo: null, play: false });
    expect(syncStep(host({ trackId: 7, position: 10, playing: true }), 'vega', local({ playing: false }), true, now)).toEqual({ kind: 'align', seekTo: null, play: true });
  });
});

describe('hosting', () => {
  it("a paused host's position does not move with time", () => {
    expect(hostPosition({ trackId: 1, position: 4, playing: false }, now - 9000, now)).toBe(4);
    expect(hostPosition({ trackId: 1, position: 4, playing: true }, now - 9000, now)).toBe(13);
  });

  it('shares nothing when no track is loaded', () => {
    expect(playbackOf(local({ currentId: null }))).toBeNull();
    expect(playbackOf(local())).toEqual({ trackId: 7, position: 10, playing: true });
  });

  it('tells the room at once about another track, play or pause, a seek, or stopping; not about time passing', () => {
    const last = { trackId: 7, position: 10, playing: true };
    expect(needsPublish(last, { ...last, position: 12 }, 2000)).toBe(false);
    expect(needsPublish(last, { ...last, position: 30 }, 2000)).toBe(true);
    expect(needsPublish(last, { ...last, trackId: 8, position: 0 }, 100)).toBe(true);
    expect(needsPublish(last, { ...last, playing: false }, 100)).toBe(true);
    expect(needsPublish(last, null, 100)).toBe(true);
    expect(needsPublish(null, null, 100)).toBe(false);
  });
});
