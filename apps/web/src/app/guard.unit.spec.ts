import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../lib/session/store';
import { reset as resetToasts, toasts } from '../lib/toasts/store';
import { aMember } from '../testing/fake-fetch';
import { guard } from './route-access';

const args = (path: string) => ({ request: new Request(`http://stardeck.test${path}`), params: {} }) as unknown as LoaderFunctionArgs;

describe('route loaders (spec §2 preload)', () => {
  beforeEach(() => {
    resetSession();
    resetToasts();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives the route the data its preload fetched', async () => {
    const preload = vi.fn(async () => ({ ok: true as const, status: 200, headers: new Headers(), envelope: { status: 'success' as const, status_code: 200, data: { tags: [] } } }));
    expect(await guard('public', preload)(args('/explore/tags'))).toEqual({ tags: [] });
  });

  it('sends the visitor to / when the preload fails, and says why', async () => {
    const preload = async () => ({
      ok: false as const,
      failure: { kind: 'http' as const, status: 500, headers: new Headers(), envelope: { status: 'error' as const, status_code: 500, msg: { title: 'Internal Server Error', description: 'Something broke' } } },
    });
    const answer = (await guard('public', preload)(args('/explore/tags'))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/');
    expect(toasts.list).toMatchObject([{ kind: 'error', description: 'Something broke' }]);
  });

  it('checks access before preloading anything', async () => {
    const preload = vi.fn();
    const answer = (await guard('required', preload)(args('/discover'))) as Response;
    expect(answer.headers.get('location')).toBe('/?redirect=%2Fdiscover');
    expect(preload).not.toHaveBeenCalled();
    adoptSession('t', aMember());
    expect(((await guard('forbidden')(args('/invite?q=0123456789ab'))) as Response).headers.get('location')).toBe('/discover');
  });
});
