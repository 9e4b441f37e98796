import { LIMITS } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { endSession, onSignIn, onSignOut, renewSession, startSession } from './lifecycle';
import { adoptSession, isSignedIn, resetSession, session } from './store';
import type { TabMessage } from './tabs';

const renewed = (token: string) => ok(undefined, { me: aMember() }, { 'x-new-access-token': token });

describe('session life (spec §4 Auth)', () => {
  beforeEach(() => resetSession());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('trusts a renewal for 30 s, then renews again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = fakeApi({ 'POST /v1/sync': [renewed('t1'), renewed('t2')] });
    adoptSession('t0', aMember());
    expect(await renewSession()).toBe('renewed');
    expect(api.calls).toHaveLength(0);
    vi.setSystemTime(Date.now() + LIMITS.syncCacheMs);
    expect(await renewSession()).toBe('renewed');
    expect(api.calls).toHaveLength(1);
    expect(session.token).toBe('t1');
  });

  it('shares one renewal between calls made at the same time', async () => {
    const api = fakeApi({ 'POST /v1/sync': renewed('t1') });
    const outcomes = await Promise.all([renewSession({ force: true }), renewSession({ force: true }), renewSession({ force: true })]);
    expect(outcomes).toEqual(['renewed', 'renewed', 'renewed']);
    expect(api.calls).toHaveLength(1);
  });

  it('forgets the member when the server refuses the renewal (401 on sync)', async () => {
    adoptSession('t0', aMember());
    fakeApi({ 'POST /v1/sync': failure(401, { title: 'Session Expired' }) });
    expect(await renewSession({ force: true })).toBe('refused');
    expect(isSignedIn()).toBe(false);
  });

  it('keeps the session when the server cannot be reached', async () => {
    adoptSession('t0', aMember());
    fakeApi({ 'POST /v1/sync': { status: 502, body: 'bad gateway', headers: { 'content-type': 'text/html' } } });
    expect(await renewSession({ force: true })).toBe('unreachable');
    expect(session.token).toBe('t0');
  });

  it('runs every logout step in order, even past a failing one, then tells the server', async () => {
    adoptSession('t0', aMember());
    const order: string[] = [];
    const api = fakeApi({ 'POST /v1/logout': ok() });
    const offs = [
      onSignOut('player', () => void order.push('player')),
      onSignOut('sonar', () => {
        order.push('sonar');
        throw new Error('socket already closed');
      }),
      onSignOut('news', () => void order.push('news')),
    ];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await endSession({ callServer: true });
    offs.forEach((off) => off());
    expect(order).toEqual(['player', 'sonar', 'news']);
    expect(api.calls).toMatchObject([{ method: 'POST', path: '/v1/logout', headers: { authorization: 'Bearer t0' } }]);
    expect(session).toMatchObject({ token: null, me: null });
  });

  it('does not call the server at logout without a token', async () => {
    const api = fakeApi({});
    await endSession({ callServer: true });
    expect(api.calls).toHaveLength(0);
  });

  it('runs the sign-in steps after a renewal', async () => {
    fakeApi({ 'POST /v1/sync': renewed('t1') });
    const step = vi.fn();
    const off = onSignIn('news', step);
    await renewSession({ force: true });
    off();
    expect(step).toHaveBeenCalledOnce();
  });

  it("follows the other tabs: adopts a newer session and ends when one logs out", async () => {
    await startSession();
    const otherTab = new BroadcastChannel('stardeck:session');
    const say = async (message: TabMessage) => {
      otherTab.postMessage(message);
      await vi.waitFor(() => new Promise((resolve) => setTimeout(resolve, 10)));
    };
    await say({ type: 'session', token: 'from-tab-2', me: aMember(), confirmedAt: Date.now() });
    await vi.waitFor(() => expect(session.token).toBe('from-tab-2'));
    await say({ type: 'session', token: 'stale', me: aMember(), confirmedAt: 1 });
    expect(session.token).toBe('from-tab-2');
    await say({ type: 'signed-out' });
    await vi.waitFor(() => expect(isSignedIn()).toBe(false));
    otherTab.close();
  });
});
