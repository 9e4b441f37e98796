import type { ProjectionStatusView } from '@stardeck/contracts/browser';
import { describe, expect, it } from 'vitest';
import { duration, kindLabel, rebuildFigures, worstProjection } from './projection-view';

const row = (name: string, lag: number, extra: Partial<ProjectionStatusView> = {}): ProjectionStatusView => ({
  name, handles: [], status: 'live', checkpoint: 10 - lag, head: 10, lag, owner: null, rebuild: null, updated_at: '2026-11-28T00:00:00Z', ...extra,
});

describe('projection dashboard figures', () => {
  it('marks the projection furthest behind: seconds first, then events; none when all caught up', () => {
    expect(worstProjection([row('a', 0), row('b', 0)])).toBeNull();
    expect(worstProjection([row('a', 5), row('b', 9), row('c', 1)])?.name).toBe('b');
    expect(worstProjection([row('a', 50, { lag_seconds: 2 }), row('b', 3, { lag_seconds: 30 })])?.name).toBe('b');
  });

  it('reads durations as a person does, and a missing figure as a dash', () => {
    expect(duration(42)).toBe('42 s');
    expect(duration(185)).toBe('3 min 05 s');
    expect(duration(7800)).toBe('2 h 10 min');
    expect(duration(null)).toBe('—');
    expect(duration(undefined)).toBe('—');
  });

  it("tells a rebuild's percent, rate and ETA, tolerating a server that sends only done and total", () => {
    expect(rebuildFigures({ done: 250, total: 1000, rate: 5123.4, eta_seconds: 65 })).toEqual({ percent: 25, rate: '5,123 events/s', eta: '1 min 05 s' });
    expect(rebuildFigures({ done: 3, total: 4 })).toEqual({ percent: 75, rate: '—', eta: '—' });
    expect(rebuildFigures({ done: 0, total: 0 }).percent).toBe(0);
  });

  it('names inline and async models and outboxes', () => {
    expect(kindLabel(row('a', 0, { kind: 'async', outbox: true }))).toBe('async outbox');
    expect(kindLabel(row('a', 0, { kind: 'inline' }))).toBe('inline');
    expect(kindLabel(row('a', 0))).toBe('—');
  });
});
