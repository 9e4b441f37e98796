import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modals, reset as resetModals } from '../../lib/modals/store';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { canCreateInvite, deleteInvite, invitesStore, inviteUrl, openInviteManager, reset } from './store';

const invite = (id: string, used: string | null) => ({
  id, key: `${id}0000000000`.slice(0, 12), created: '2026-11-20T10:00:00.000Z', used,
  used_by_id: used ? 'u-2' : null, used_by_username: used ? 'vega' : null, used_by_display_name: null,
});

describe('invites (spec §4 Invite)', () => {
  beforeEach(() => {
    reset();
    resetModals();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the list before the modal opens', async () => {
    fakeApi({ 'GET /v1/invite': ok({ invites: [invite('a', null)], used: 0, pending: 1, limits: { invite: 2 } }) });
    expect(await openInviteManager()).toBe(true);
    expect(modals.current?.name).toBe('manageInvites');
    expect(invitesStore).toMatchObject({ used: 0, pending: 1, limit: 2, loaded: true });
  });

  it('does not open the modal when the list fails to load, and says so', async () => {
    fakeApi({ 'GET /v1/invite': failure(500, { title: 'Internal Server Error' }) });
    expect(await openInviteManager()).toBe(false);
    expect(modals.current).toBeNull();
    expect(toasts.list).toMatchObject([{ kind: 'error', description: 'Operation failed' }]);
  });

  it('blocks creation once used plus unused invites reach the limit', () => {
    expect(canCreateInvite({ used: 1, pending: 0, limit: 2 })).toBe(true);
    expect(canCreateInvite({ used: 1, pending: 1, limit: 2 })).toBe(false);
  });

  it('deletes only unused invites', async () => {
    const api = fakeApi({
      'GET /v1/invite': ok({ invites: [invite('a', null), invite('b', '2026-11-21T10:00:00.000Z')], used: 1, pending: 1, limits: { invite: 2 } }),
      'DELETE /v1/invite': ok(undefined, { msg: { title: 'Invite', description: 'Invite deleted' } }),
    });
    await openInviteManager();
    expect(await deleteInvite('b')).toBe(false);
    expect(await deleteInvite('a')).toBe(true);
    expect(api.callsTo('DELETE /v1/invite')).toMatchObject([{ body: { invite_id: 'a' } }]);
    expect(invitesStore.invites.map((i) => i.id)).toEqual(['b']);
    expect(invitesStore.pending).toBe(0);
  });

  it('builds the link to share from the site base', () => {
    expect(inviteUrl('https://stardeck.example/', '0123456789ab')).toBe('https://stardeck.example/invite?q=0123456789ab');
  });
});
