import { describe, expect, it } from 'vitest';
import { fixedCommands, matchScore, moveActive, rankCommands, type PaletteItem } from './commands';

const member = { username: 'ada', hasTrack: false, playing: false, shuffle: false };
const labels = (items: readonly PaletteItem[]) => items.map((item) => item.label);

describe('fixedCommands', () => {
  it('gives a visitor only the public pages and log in', () => {
    expect(labels(fixedCommands({ ...member, username: null }))).toEqual(['home', 'tag cloud', 'log in']);
  });

  it("links a member's own pages under their username", () => {
    const library = fixedCommands(member).find((item) => item.label === 'my library');
    expect(library?.run).toEqual({ kind: 'navigate', to: '/ada/library' });
  });

  it('offers playback controls only while a track is loaded, naming play or pause as the player stands', () => {
    expect(labels(fixedCommands(member))).not.toContain('next track');
    expect(labels(fixedCommands({ ...member, hasTrack: true, playing: true }))).toEqual(expect.arrayContaining(['pause', 'next track', 'previous track']));
    expect(labels(fixedCommands({ ...member, hasTrack: true, playing: false }))).toContain('play');
  });

  it('offers the shuffle setting that is not on', () => {
    expect(labels(fixedCommands(member))).toContain('shuffle on');
    expect(labels(fixedCommands({ ...member, shuffle: true }))).toContain('shuffle off');
  });
});

describe('matchScore', () => {
  it('ranks a prefix above a word start above a substring above scattered letters', () => {
    const prefix = matchScore('stream', 'str')!;
    const word = matchScore('my stream', 'str')!;
    const inside = matchScore('upstream', 'str')!;
    const scattered = matchScore('sonar tracker', 'str')!;
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(scattered);
  });

  it('ignores case and refuses letters out of order', () => {
    expect(matchScore('Discover', 'DISC')).not.toBeNull();
    expect(matchScore('news', 'swn')).toBeNull();
  });
});

describe('rankCommands', () => {
  const found: PaletteItem[] = [{ id: 'member:streamer', group: 'member', label: 'streamer', run: { kind: 'navigate', to: '/streamer' } }];

  it('lists every fixed command in its order when nothing is typed', () => {
    expect(rankCommands(fixedCommands(member), [], '')).toEqual(fixedCommands(member));
  });

  it('puts matching commands best first, then the search results as found', () => {
    const ranked = labels(rankCommands(fixedCommands(member), found, 'stre'));
    expect(ranked[0]).toBe('stream');
    expect(ranked.at(-1)).toBe('streamer');
    expect(ranked).not.toContain('news');
  });

  it('matches a command by its route as well as its name', () => {
    expect(labels(rankCommands(fixedCommands(member), [], '/ada/history'))).toEqual(['listening history']);
  });
});

describe('moveActive', () => {
  it('wraps around both ends and starts from the end going up', () => {
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(-1, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });
});
