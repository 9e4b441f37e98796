import { describe, it } from 'vitest';
import { projectionSpec } from '../../kit/spec-helpers';
import { USER_A, USER_B, deleted, played } from '../spec-events';
import { listeningHistoryProjection } from './listening-history.projection';

const given = projectionSpec(listeningHistoryProjection);
const at = (iso: string) => new Date(iso);

describe('listening history projection', () => {
  it("keeps each play in the listener's history, when it was played", async () => {
    await given(
      played(7, USER_A, USER_B, { recorded_at: at('2026-07-01T20:00:00Z') }),
      played(8, USER_A, USER_B, { recorded_at: at('2026-07-01T20:05:00Z') }),
      played(7, USER_B, USER_B, { recorded_at: at('2026-07-01T21:00:00Z') }),
    ).then('listening_history', [
      { event_position: 1, user_id: USER_A, track_id: 7, played_at: at('2026-07-01T20:00:00Z') },
      { event_position: 2, user_id: USER_A, track_id: 8, played_at: at('2026-07-01T20:05:00Z') },
      { event_position: 3, user_id: USER_B, track_id: 7, played_at: at('2026-07-01T21:00:00Z') },
    ]);
  });

  it('adds one row for a play delivered twice (the same log position)', async () => {
    await given(
      played(7, USER_A, USER_B, { global_position: 40 }),
      played(7, USER_A, USER_B, { global_position: 40 }),
      played(7, USER_A, USER_B, { global_position: 41 }),
    ).then('listening_history', [{ event_position: 40 }, { event_position: 41 }]);
  });

  it("takes a deleted track out of everyone's history, and keeps the rest", async () => {
    await given(
      played(7, USER_A, USER_B),
      played(8, USER_A, USER_B),
      played(7, USER_B, USER_B),
      deleted(7, USER_B, 2),
    ).then('listening_history', [{ user_id: USER_A, track_id: 8 }]);
  });
});
