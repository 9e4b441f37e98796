/**
 * What the command palette offers, as plain data: the pages and actions it always knows, and how
 * a typed query ranks them. Results found by searching the API (members, tracks, collections,
 * tags) arrive in the same shape, so the palette lists and runs them all alike.
 */
export type PaletteGroup = 'page' | 'player' | 'action' | 'member' | 'track' | 'collection' | 'tag';

export type PaletteAction =
  | 'toggle-play' | 'next' | 'previous' | 'seek-back' | 'seek-forward' | 'queue' | 'history' | 'shuffle-on' | 'shuffle-off'
  | 'upload' | 'settings' | 'invites' | 'login';

export type PaletteRun =
  | { kind: 'navigate'; to: string }
  | { kind: 'action'; action: PaletteAction }
  /** A track: Enter opens its page, Shift+Enter plays it. */
  | { kind: 'track'; to: string; trackId: number };

export interface PaletteItem {
  /** Unique within one listing (also the option's DOM id suffix). */
  id: string;
  group: PaletteGroup;
  label: string;
  /** A second line: the route, the owner, the shortcut. */
  hint?: string;
  run: PaletteRun;
}

export interface PaletteContext {
  /** The signed-in member's username, or null for a visitor. */
  username: string | null;
  /** A track is loaded in the footer player. */
  hasTrack: boolean;
  playing: boolean;
  shuffle: boolean;
}

const nav = (to: string, label: string): PaletteItem => ({ id: `page:${to}`, group: 'page', label, hint: to, run: { kind: 'navigate', to } });
const act = (action: PaletteAction, label: string, group: PaletteGroup, hint?: string): PaletteItem => ({
  id: `${group}:${action}`, group, label, hint, run: { kind: 'action', action },
});

const MEMBER_PAGES: readonly [string, string][] = [
  ['/discover', 'discover'], ['/stream', 'stream'], ['/explore/tracks', 'explore tracks'], ['/explore/users', 'explore users'],
  ['/explore/albums', 'explore albums'], ['/explore/collections', 'explore collections'], ['/explore/tags', 'tag cloud'], ['/notifications', 'notifications'],
  ['/messages', 'messages'], ['/sonar', 'sonar'], ['/news', 'news'], ['/membership', 'membership'],
];

/** The member's own pages, under their username. */
const OWN_PAGES: readonly [string, string][] = [
  ['', 'my tracks'], ['/library', 'my library'], ['/albums', 'my albums'], ['/collections', 'my collections'], ['/followed-collections', 'followed collections'],
  ['/comments', 'my comments'], ['/subscribers', 'my subscribers'], ['/subscriptions', 'my subscriptions'], ['/history', 'listening history'],
];

/** Everything the palette offers before anything is searched for, for who is looking. */
export function fixedCommands(context: PaletteContext): PaletteItem[] {
  if (!context.username) return [nav('/', 'home'), nav('/explore/tags', 'tag cloud'), act('login', 'log in', 'action')];
  const items = [
    ...MEMBER_PAGES.map(([to, label]) => nav(to, label)),
    ...OWN_PAGES.map(([suffix, label]) => nav(`/${context.username}${suffix}`, label)),
    act('upload', 'upload a track', 'action'),
    act('settings', 'settings', 'action'),
    act('invites', 'invites', 'action'),
    act('queue', 'show the queue', 'player'),
    act('history', 'show recently played', 'player'),
    context.shuffle ? act('shuffle-off', 'shuffle off', 'player') : act('shuffle-on', 'shuffle on', 'player'),
  ];
  if (context.hasTrack) {
    items.push(
      act('toggle-play', context.playing ? 'pause' : 'play', 'player', 'space'),
      act('next', 'next track', 'player', 'j'),
      act('previous', 'previous track', 'player', 'k'),
      act('seek-back', 'back 5 s', 'player', '←'),
      act('seek-forward', 'forward 5 s', 'player', '→'),
    );
  }
  return items;
}

/**
 * How well `text` answers `query`: every query character must appear in order (case-insensitive).
 * Earlier and consecutive matches score higher, a match at the start or after a space most of
 * all; null when it does not match at all.
 */
export function matchScore(text: string, query: string): number | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return 0;
  const hay = text.toLowerCase();
  if (hay.startsWith(needle)) return 1000 - hay.length;
  const word = hay.indexOf(` ${needle}`);
  if (word >= 0) return 800 - word;
  const inside = hay.indexOf(needle);
  if (inside >= 0) return 600 - inside;
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const character of needle) {
    if (character === ' ') continue;
    const at = hay.indexOf(character, from);
    if (at < 0) return null;
    score += at === previous + 1 ? 5 : 1;
    previous = at;
    from = at + 1;
  }
  return score;
}

/**
 * The fixed commands that match, best first (ties keep their order), followed by the search
 * results as the server ranked them. With no query, every fixed command in its order.
 */
export function rankCommands(fixed: readonly PaletteItem[], found: readonly PaletteItem[], query: string): PaletteItem[] {
  const scored = fixed
    .map((item, index) => ({ item, index, score: Math.max(matchScore(item.label, query) ?? -1, matchScore(item.hint ?? '', query) === null ? -1 : 0) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
  return [...scored, ...found];
}

/** The option after (or before) `current`, wrapping around; -1 when there is none. */
export function moveActive(current: number, length: number, step: 1 | -1): number {
  if (length === 0) return -1;
  if (current < 0) return step === 1 ? 0 : length - 1;
  return (current + step + length) % length;
}
