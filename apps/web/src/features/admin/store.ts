import { PROJECTIONS_POLL_MS, type AccessRequestAdminView, type AdminMemberView, type MemberTier, type ProjectionStatusView } from '@stardeck/contracts/browser';
import { proxy, ref, useSnapshot } from 'valtio';
import { onSignOut } from '../../lib/session/lifecycle';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { cancelRebuild as postCancel } from './api/cancel-rebuild';
import { declineAccessRequest } from './api/decline-access-request';
import { getProjections } from './api/get-projections';
import { inviteAccessRequest } from './api/invite-access-request';
import { markContactRead } from './api/mark-contact-read';
import { rebuildProjection } from './api/rebuild-projection';
import { searchMembers as getMembers } from './api/search-members';
import { setMemberTier } from './api/set-member-tier';

/** A rebuild started from this page, followed until it ends: the bar keeps showing 100% once done. */
export interface WatchedRebuild {
  done: number;
  total: number;
  rate?: number;
  eta_seconds?: number | null;
  finished: boolean;
  /** Polls since it was asked for; one that sees the projection live again ends it only after the first. */
  polls: number;
}

export interface AdminState {
  projections: ProjectionStatusView[];
  /** When the last poll answered, and whether it failed. */
  polledAt: number | null;
  pollFailed: boolean;
  /** The projection whose rebuild waits for the admin's confirmation. */
  confirming: string | null;
  rebuilds: Record<string, WatchedRebuild>;
  /** The request or member an action runs for, so its buttons wait. */
  busy: string | null;
  waitlist: AccessRequestAdminView[];
  members: { query: string; results: AdminMemberView[]; hasMore: boolean; searched: boolean };
  readContacts: Record<string, true>;
  timer: { id: ReturnType<typeof setInterval> } | null;
}

const initialState = (): AdminState => ({
  projections: [], polledAt: null, pollFailed: false, confirming: null, rebuilds: {}, busy: null,
  waitlist: [], members: { query: '', results: [], hasMore: false, searched: false }, readContacts: {}, timer: null,
});

export const adminStore = proxy<AdminState>(initialState());

export function showProjections(projections: ProjectionStatusView[]): void {
  // Most polls bring nothing new: keeping the same rows spares redrawing the table every second.
  if (JSON.stringify(projections) !== JSON.stringify(adminStore.projections)) adminStore.projections = projections;
  adminStore.polledAt = Date.now();
  adminStore.pollFailed = false;
  for (const [name, watched] of Object.entries(adminStore.rebuilds)) {
    if (watched.finished) continue;
    const row = projections.find((p) => p.name === name);
    watched.polls += 1;
    if (row?.rebuild) Object.assign(watched, row.rebuild);
    else if (row && (row.status === 'live' || row.status === 'standby' || row.status === 'failing') && watched.polls > 1) {
      watched.finished = true;
      watched.done = Math.max(watched.total, watched.done);
      watched.eta_seconds = 0;
    }
  }
}

export async function pollProjections(): Promise<void> {
  const result = await getProjections();
  if (result.ok) showProjections(result.envelope.data!.projections);
  else adminStore.pollFailed = true;
}

/** Lag and progress update live while the dashboard is open (at least once a second). */
export function startPolling(): () => void {
  stopPolling();
  adminStore.timer = ref({ id: setInterval(() => void pollProjections(), PROJECTIONS_POLL_MS) });
  return stopPolling;
}

export function stopPolling(): void {
  if (adminStore.timer) clearInterval(adminStore.timer.id);
  adminStore.timer = null;
}

export function askRebuild(name: string | null): void {
  adminStore.confirming = name;
}

export async function confirmRebuild(): Promise<boolean> {
  const name = adminStore.confirming;
  if (!name) return false;
  adminStore.confirming = null;
  adminStore.rebuilds[name] = { done: 0, total: 0, finished: false, polls: 0 };
  const result = await rebuildProjection(name);
  if (!result.ok) {
    delete adminStore.rebuilds[name];
    toastFailure(result.failure, { title: 'Rebuild', description: `Could not rebuild ${name}` });
    return false;
  }
  toastSuccess(result);
  await pollProjections();
  return true;
}

export async function cancelRebuild(name: string): Promise<boolean> {
  const result = await postCancel(name);
  if (!result.ok) {
    toastFailure(result.failure, { title: 'Rebuild', description: `Could not cancel the rebuild of ${name}` });
    return false;
  }
  toastSuccess(result);
  delete adminStore.rebuilds[name];
  await pollProjections();
  return true;
}

export function dismissRebuild(name: string): void {
  delete adminStore.rebuilds[name];
}

export function showWaitlist(requests: AccessRequestAdminView[]): void {
  adminStore.waitlist = requests;
}

/** Invite or decline: the row changes when the server agreed, and says why when it did not. */
export async function answerRequest(id: string, answer: 'invite' | 'decline'): Promise<boolean> {
  if (adminStore.busy) return false;
  adminStore.busy = id;
  const result = answer === 'invite' ? await inviteAccessRequest(id) : await declineAccessRequest(id);
  adminStore.busy = null;
  if (!result.ok) {
    toastFailure(result.failure, { title: 'Access Request' });
    return false;
  }
  toastSuccess(result);
  const row = adminStore.waitlist.find((r) => r.id === id);
  if (row && answer === 'invite') Object.assign(row, { status: 'invited', invite_id: (result.envelope.data as { invite: { id: string } }).invite.id, declined_at: null });
  if (row && answer === 'decline') Object.assign(row, { status: 'declined', declined_at: new Date().toISOString() });
  return true;
}

export async function searchMembers(query: string): Promise<void> {
  adminStore.members.query = query;
  const result = await getMembers(query.trim(), 0);
  if (!result.ok) {
    toastFailure(result.failure, { title: 'Members' });
    return;
  }
  adminStore.members = { query, results: result.envelope.data!.members, hasMore: result.envelope.data!.has_more, searched: true };
}

export async function changeTier(member: AdminMemberView, tier: MemberTier): Promise<boolean> {
  if (adminStore.busy) return false;
  adminStore.busy = member.id;
  const result = await setMemberTier(member.id, tier);
  adminStore.busy = null;
  if (!result.ok) {
    toastFailure(result.failure, { title: 'Tier' });
    return false;
  }
  toastSuccess(result);
  const row = adminStore.members.results.find((m) => m.id === member.id);
  if (row) row.tier = result.envelope.data!.user.tier;
  return true;
}

export async function markRead(id: string): Promise<boolean> {
  const result = await markContactRead(id);
  if (!result.ok) {
    toastFailure(result.failure, { title: 'Contact' });
    return false;
  }
  adminStore.readContacts[id] = true;
  return true;
}

export function useAdmin() {
  return useSnapshot(adminStore);
}

export function reset(): void {
  stopPolling();
  Object.assign(adminStore, initialState());
}

// Registered when the console's code first loads, so the signed-out visitor's bundle never holds it.
onSignOut('admin', reset);
