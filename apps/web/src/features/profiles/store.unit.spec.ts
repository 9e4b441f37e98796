import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts, toasts } from '../../lib/toasts/store';
import { aMember, failure, fakeApi, ok } from '../../testing/fake-fetch';
import { changeSubscription, profilesStore, reset } from './store';

describe('subscribe and unsubscribe (spec §4 Subscribe)', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs one change at a time: a second while the first runs is refused without a call', async () => {
    let answer: () => void = () => undefined;
    const api = fakeApi({
      'POST /v1/subscribe': () => new Promise((resolve) => {
        answer = () => resolve(ok({ success: true }, { msg: { title: 'Subscribed', description: 'Subscribed to vega' } }));
      }),
    });
    const first = changeSubscription('vega', true);
    expect(profilesStore.subscribing).toBe('vega');
    expect(await changeSubscription('orion', true)).toBe(false);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    answer();
    expect(await first).toBe(true);
    expect(profilesStore.subscribing).toBeNull();
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/v1/subscribe', body: { username: 'vega' } });
  });

  it('keeps the refusal and says it', async () => {
    fakeApi({ 'DELETE /v1/subscribe': failure(400, { title: 'Subscription', description: 'You cannot subscribe to yourself' }) });
    expect(await changeSubscription('nova', false)).toBe(false);
    expect(profilesStore).toMatchObject({ subscribing: null, subscribeError: 'You cannot subscribe to yourself' });
    expect(toasts.list).toMatchObject([{ kind: 'error', description: 'You cannot subscribe to yourself' }]);
  });
});
