import { PLAYER } from '@stardeck/contracts/browser';

/**
 * The footer player's queue and history rules (spec §4 Player), as pure functions of the deck:
 * the current track, the queue (played front first) and the history (newest first). The store
 * applies them; tests read them as the spec reads.
 */
export interface Deck {
  currentId: number | null;
  queue: number[];
  history: number[];
}

/** A listened track goes to the front of history, once, and history keeps 20. */
export function pushHistory(history: readonly number[], id: number): number[] {
  return [id, ...history.filter((h) => h !== id)].slice(0, PLAYER.historyMax);
}

/**
 * Playing a track makes it current; the track it replaces goes onto history. Playing the current
 * track again changes nothing (the player shows it and resumes).
 */
export function playOn(deck: Deck, id: number): Deck {
  if (deck.currentId === id) return deck;
  return {
    currentId: id,
    queue: deck.queue,
    history: deck.currentId === null ? deck.history : pushHistory(deck.history, deck.currentId),
  };
}

/**
 * Play-all (a collection's tracks, in order): the first plays now, the rest become the queue,
 * replacing what was queued; the track it replaces goes onto history. Null for an empty list.
 */
export function playAllOn(deck: Deck, ids: readonly number[]): Deck | null {
  const [first, ...rest] = ids;
  if (first === undefined) return null;
  const played = playOn(deck, first);
  return { ...played, queue: rest.filter((id) => id !== first) };
}

/**
 * Next takes the first queue entry (a random one with shuffle on); the track it replaces goes
 * onto history. Null when the queue is empty.
 */
export function nextOn(deck: Deck, options: { shuffle?: boolean; random?: () => number } = {}): Deck | null {
  if (deck.queue.length === 0) return null;
  const index = options.shuffle ? Math.floor((options.random ?? Math.random)() * deck.queue.length) : 0;
  const id = deck.queue[index]!;
  const queue = deck.queue.filter((_, i) => i !== index);
  const history = deck.currentId === null || deck.currentId === id ? deck.history : pushHistory(deck.history, deck.currentId);
  return { currentId: id, queue, history };
}

/**
 * Previous takes the first history entry and puts the current track at the front of the queue
 * (not onto history: it is coming up again). Null when history is empty.
 */
export function previousOn(deck: Deck): Deck | null {
  const [id, ...rest] = deck.history;
  if (id === undefined) return null;
  return { currentId: id, queue: deck.currentId === null ? deck.queue : [deck.currentId, ...deck.queue], history: rest };
}

/** Queue is unlimited; a track may be queued more than once, like a playlist. */
export function enqueue(deck: Deck, id: number): Deck {
  return { ...deck, queue: [...deck.queue, id] };
}

export function removeFromQueue(deck: Deck, index: number): Deck {
  return { ...deck, queue: deck.queue.filter((_, i) => i !== index) };
}

/** What a random track for endless mode must not be: the current track, the queue, the last 10 of history. */
export function endlessExclusions(deck: Deck): number[] {
  const ids = [...(deck.currentId === null ? [] : [deck.currentId]), ...deck.queue, ...deck.history.slice(0, PLAYER.endlessHistoryExcluded)];
  return [...new Set(ids)];
}

/**
 * Endless mode tops the queue up once per track played: a track it handled among the last 5 is
 * not handled again (pausing and resuming, or replaying, adds nothing). Returns the memory to keep,
 * or null when this play adds nothing.
 */
export function endlessTopUp(memory: readonly number[], playedId: number): number[] | null {
  if (memory.includes(playedId)) return null;
  return [playedId, ...memory].slice(0, PLAYER.endlessMemory);
}

/** Ids whose track views the player must keep: everything it can show or play. */
export function referencedIds(deck: Deck): Set<number> {
  return new Set([...(deck.currentId === null ? [] : [deck.currentId]), ...deck.queue, ...deck.history]);
}
