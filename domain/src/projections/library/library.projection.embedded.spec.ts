import { describe, it } from 'vitest';
import { SPEC_MEMBERS, everyoneRegistered } from '../../kit/spec-accounts';
import { projectionSpec } from '../../kit/spec-helpers';
import { usersProjection } from '../users/users.projection';
import { libraryProjection } from './library.projection';

const given = projectionSpec(libraryProjection, { alongside: [usersProjection] });
const { owner, fan, other } = SPEC_MEMBERS;
const saved = (user_id: string, track_id: number) => ({ type: 'TrackSaved', data: { user_id, track_id, track_owner_id: owner } });
const unsaved = (user_id: string, track_id: number) => ({ type: 'TrackUnsaved', data: { user_id, track_id, track_owner_id: owner } });

describe('library projection', () => {
  it('keeps each member\'s saved tracks with the time they were saved', async () => {
    await given(...everyoneRegistered(), { ...saved(fan, 7), recorded_at: new Date('2026-02-01T10:00:00Z') }, saved(other, 7), saved(fan, 8))
      .then('library_entries', [
        { user_id: fan, track_id: 7, saved_at: new Date('2026-02-01T10:00:00Z') },
        { user_id: fan, track_id: 8 },
        { user_id: other, track_id: 7 },
      ], 'user_id');
  });

  it('counts who saved each track, and counts down as they remove it', async () => {
    await given(...everyoneRegistered(), saved(fan, 7), saved(other, 7), saved(fan, 8), unsaved(fan, 7))
      .then('track_save_counts', [{ track_id: 7, saved_by_count: 1 }, { track_id: 8, saved_by_count: 1 }]);
  });

  it('forgets a removed entry, and a save after it starts a new one', async () => {
    await given(...everyoneRegistered(), saved(fan, 7), unsaved(fan, 7)).then('library_entries', []);
    await given(...everyoneRegistered(), saved(fan, 7), unsaved(fan, 7), saved(fan, 7))
      .then('library_entries', [{ user_id: fan, track_id: 7 }]);
  });
});
