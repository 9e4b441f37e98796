import type { ProjectionStatusView } from '@stardeck/contracts/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptSession, resetSession } from '../../lib/session/store';
import { reset as resetToasts } from '../../lib/toasts/store';
import { aMember, fakeApi, ok } from '../../testing/fake-fetch';
import { adminStore, askRebuild, confirmRebuild, reset, showProjections } from './store';

const stats = (extra: Partial<ProjectionStatusView>): ProjectionStatusView => ({
  name: 'stats', handles: [], status: 'live', checkpoint: 100, head: 100, lag: 0, owner: 'host:1', rebuild: null, updated_at: '2026-11-28T00:00:00Z', ...extra,
});

describe('admin console store: a rebuild followed from the dashboard', () => {
  beforeEach(() => {
    reset();
    resetToasts();
    resetSession();
    adoptSession('t', { ...aMember(), role: 'admin' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for confirmation, then follows the progress until the projection is live again, ending at 100%', async () => {
    fakeApi({
      'POST /v1/admin/projections/stats/rebuild': ok({ projection: stats({ status: 'rebuilding', rebuild: { done: 0, total: 400 } }) }),
      'GET /v1/admin/projections': ok({ projections: [stats({ status: 'rebuilding', rebuild: { done: 100, total: 400, rate: 50, eta_seconds: 6 } })] }),
    });
    askRebuild('stats');
    expect(adminStore.confirming).toBe('stats');
    expect(await confirmRebuild()).toBe(true);
    expect(adminStore.confirming).toBeNull();
    expect(adminStore.rebuilds.stats).toMatchObject({ done: 100, total: 400, rate: 50, finished: false });

    showProjections([stats({ status: 'rebuilding', rebuild: { done: 400, total: 400 } })]);
    showProjections([stats({ status: 'live', lag: 0 })]);
    expect(adminStore.rebuilds.stats).toMatchObject({ done: 400, total: 400, finished: true, eta_seconds: 0 });
  });

  it('does not call a rebuild finished on the first answer, which may predate it', async () => {
    adminStore.rebuilds.stats = { done: 0, total: 0, finished: false, polls: 0 };
    showProjections([stats({})]);
    expect(adminStore.rebuilds.stats?.finished).toBe(false);
    showProjections([stats({})]);
    expect(adminStore.rebuilds.stats?.finished).toBe(true);
  });

  it('forgets everything on reset', () => {
    showProjections([stats({})]);
    askRebuild('stats');
    reset();
    expect(adminStore.projections).toEqual([]);
    expect(adminStore.confirming).toBeNull();
  });
});
