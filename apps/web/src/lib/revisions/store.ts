import { proxy } from 'valtio';

/**
 * What changed since a page read it, by what the page is about: a member (their tracks, counts
 * and storage) or a track (its comments and counts). Whatever makes the change (an upload, a
 * comment in the footer player) bumps the number; a page showing that member or track reads its
 * number and loads again when it moves, so what it shows follows without a reload.
 */
export interface RevisionsState {
  /** By lower-cased username. */
  members: Record<string, number>;
  tracks: Record<number, number>;
}

export const revisions = proxy<RevisionsState>({ members: {}, tracks: {} });

export function memberChanged(username: string): void {
  const key = username.toLowerCase();
  revisions.members[key] = (revisions.members[key] ?? 0) + 1;
}

export function trackChanged(trackId: number): void {
  revisions.tracks[trackId] = (revisions.tracks[trackId] ?? 0) + 1;
}

export function memberRevision(state: Pick<RevisionsState, 'members'>, username: string): number {
  return state.members[username.toLowerCase()] ?? 0;
}

export function trackRevision(state: Pick<RevisionsState, 'tracks'>, trackId: number): number {
  return state.tracks[trackId] ?? 0;
}

export function reset(): void {
  revisions.members = {};
  revisions.tracks = {};
}
