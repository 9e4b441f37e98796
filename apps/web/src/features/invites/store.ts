import type { InviteView } from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import { openModal } from '../../lib/modals/store';
import { toastFailure, toastSuccess } from '../../lib/toasts/from-result';
import { showToast } from '../../lib/toasts/store';
import { createInvite as postInvite } from './api/create-invite';
import { deleteInvite as removeInvite } from './api/delete-invite';
import { getInvites } from './api/get-invites';

/**
 * The member's invites (spec §4 Invite): unused ones can be copied or deleted, used ones show who
 * signed up and when. A small feature done end to end, as a model for the others: endpoints in
 * api/ (one per file), this store (state, actions, reset), and components that read the store
 * with useSnapshot and call the actions.
 */
export interface InvitesState {
  invites: InviteView[];
  used: number;
  pending: number;
  /** null: no limit (an admin's invites, unless the site caps them). */
  limit: number | null;
  loaded: boolean;
  loading: boolean;
  creating: boolean;
  /** The invite a delete is running for. */
  deletingId: string | null;
}

const initialState = (): InvitesState => ({
  invites: [], used: 0, pending: 0, limit: 0, loaded: false, loading: false, creating: false, deletingId: null,
});

export const invitesStore = proxy<InvitesState>(initialState());

/** Spec §8: invite failures say msg.description, else 'Operation failed'. */
const FAILURE = { title: 'Invites', description: 'Operation failed' };

/** Spec §4: creation is blocked once used plus unused invites reach the limit, when there is one. */
export function canCreateInvite(state: Pick<InvitesState, 'used' | 'pending' | 'limit'>): boolean {
  return state.limit === null || state.used + state.pending < state.limit;
}

/** Spec §4: the link to share is the site's base plus /invite?q={key}. */
export function inviteUrl(base: string, key: string): string {
  return `${base.replace(/\/$/, '')}/invite?q=${encodeURIComponent(key)}`;
}

export async function loadInvites(): Promise<boolean> {
  invitesStore.loading = true;
  const result = await getInvites();
  invitesStore.loading = false;
  if (!result.ok) {
    toastFailure(result.failure, FAILURE);
    return false;
  }
  const data = result.envelope.data!;
  invitesStore.invites = data.invites;
  invitesStore.used = data.used;
  invitesStore.pending = data.pending;
  invitesStore.limit = data.limits.invite;
  invitesStore.loaded = true;
  return true;
}

/** Spec §2: the invites modal loads its list first and opens only when that worked. */
export async function openInviteManager(): Promise<boolean> {
  if (!(await loadInvites())) return false;
  return openModal('manageInvites').opened;
}

export async function createInvite(): Promise<boolean> {
  if (invitesStore.creating || !canCreateInvite(invitesStore)) return false;
  invitesStore.creating = true;
  const result = await postInvite();
  invitesStore.creating = false;
  if (!result.ok) {
    toastFailure(result.failure, FAILURE);
    return false;
  }
  toastSuccess(result);
  invitesStore.invites.unshift(result.envelope.data!.invite);
  invitesStore.pending += 1;
  return true;
}

export async function deleteInvite(id: string): Promise<boolean> {
  const invite = invitesStore.invites.find((i) => i.id === id);
  // Used invites stay: they record who joined through them.
  if (!invite || invite.used !== null || invitesStore.deletingId) return false;
  invitesStore.deletingId = id;
  const result = await removeInvite(id);
  invitesStore.deletingId = null;
  if (!result.ok) {
    toastFailure(result.failure, FAILURE);
    return false;
  }
  toastSuccess(result);
  invitesStore.invites = invitesStore.invites.filter((i) => i.id !== id);
  invitesStore.pending = Math.max(0, invitesStore.pending - 1);
  return true;
}

/** The clipboard answered: say so either way (the link stays visible to copy by hand). */
export function reportCopy(copied: boolean): void {
  showToast(copied
    ? { kind: 'success', title: 'Invites', description: 'Invite link copied' }
    : { kind: 'error', title: 'Invites', description: 'Could not copy: select the link and copy it by hand' });
}

export function reset(): void {
  Object.assign(invitesStore, initialState());
}
