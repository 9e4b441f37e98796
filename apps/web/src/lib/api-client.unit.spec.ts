import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMember, failure, fakeApi, ok } from '../testing/fake-fetch';
import { apiCall } from './api-client';
import { onSignOut } from './session/lifecycle';
import { adoptSession, resetSession, session } from './session/store';

const expired = failure(401, { title: 'Session Expired', description: 'Your session has expired. Please log in again.' }, {}, { 'x-token-expired': 'true' });
const renewed = (token: string) => ok(undefined, { me: aMember() }, { 'x-new-access-token': token });

describe('API client (spec §7, §8)', () => {
  beforeEach(() => {
    resetSession();
    adoptSession('old-token', aMember());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the Bearer token and JSON, and builds the query', async () => {
    const api = fakeApi({ 'POST /v1/invite': ok({ invite: { id: 'i' } }) });
    const result = await apiCall('/invite', { method: 'POST', body: { a: 1 }, query: { limit: 5, skip: undefined, ids: ['1', '2'] } });
    expect(result.ok).toBe(true);
    expect(api.calls[0]).toMatchObject({ headers: { authorization: 'Bearer old-token', 'content-type': 'application/json' }, body: { a: 1 } });
    expect(api.fetch.mock.calls[0]![0]).toBe('/v1/invite?limit=5&ids=1&ids=2');
  });

  it('renews once and retries once when the token expired, then uses the new token', async () => {
    const api = fakeApi({ 'GET /v1/invite': [expired, ok({ invites: [] })], 'POST /v1/sync': renewed('new-token') });
    const result = await apiCall('/invite');
    expect(result.ok).toBe(true);
    expect(api.calls.map((c) => `${c.method} ${c.path} ${c.headers.authorization ?? ''}`)).toEqual([
      'GET /v1/invite Bearer old-token',
      'POST /v1/sync ',
      'GET /v1/invite Bearer new-token',
    ]);
    expect(session.token).toBe('new-token');
  });

  it('logs out when the renewal is refused, without retrying', async () => {
    const stepped: string[] = [];
    const off = onSignOut('test', () => void stepped.push('signed out'));
    const api = fakeApi({ 'GET /v1/invite': expired, 'POST /v1/sync': failure(401, { title: 'Session Expired' }) });
    const result = await apiCall('/invite');
    off();
    expect(result.ok).toBe(false);
    expect(api.callsTo('GET /v1/invite')).toHaveLength(1);
    expect(session.token).toBeNull();
    expect(stepped).toEqual(['signed out']);
  });

  it('logs out when the retry is refused as expired again', async () => {
    const api = fakeApi({ 'GET /v1/invite': expired, 'POST /v1/sync': renewed('new-token') });
    await apiCall('/invite');
    expect(api.callsTo('GET /v1/invite')).toHaveLength(2);
    expect(api.callsTo('POST /v1/sync')).toHaveLength(1);
    expect(session.token).toBeNull();
  });

  it('logs out on a 401 without the expired hint (the sign-in ended elsewhere)', async () => {
    fakeApi({ 'GET /v1/invite': failure(401, { title: 'Session Expired' }) });
    await apiCall('/invite');
    expect(session.me).toBeNull();
  });

  it('does not renew after a failed login: that 401 carries no token and no hint', async () => {
    resetSession();
    const api = fakeApi({ 'POST /v1/login': failure(401, { title: 'Login', description: 'Invalid credentials' }) });
    const result = await apiCall('/login', { method: 'POST', body: { email: 'a@b.co', password: 'x' } });
    expect(result.ok).toBe(false);
    expect(api.calls).toHaveLength(1);
  });

  it('adopts a new access token and the me field of any answer', async () => {
    fakeApi({
      'GET /v1/notifications': ok({}, { me: aMember({ notification_count: 3 }) }),
      'POST /v1/login': ok(undefined, { me: aMember({ username: 'vega' }) }, { 'x-new-access-token': 'login-token' }),
    });
    await apiCall('/notifications');
    expect(session.me?.notification_count).toBe(3);
    await apiCall('/login', { method: 'POST', body: {} });
    expect(session.token).toBe('login-token');
    expect(session.me?.username).toBe('vega');
  });

  it('resolves with a typed failure when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    const result = await apiCall('/invite');
    expect(result).toEqual({ ok: false, failure: { kind: 'network', status: null, message: 'Failed to fetch' } });
  });
});
