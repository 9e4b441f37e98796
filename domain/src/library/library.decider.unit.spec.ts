import type { LibraryEvent } from '@stardeck/contracts';
import { describe, it } from 'vitest';
import { deciderSpec } from '../kit/spec-helpers';
import { LibraryErrors, libraryDecider } from './library.decider';

const given = deciderSpec(libraryDecider);
const saved: LibraryEvent = { type: 'TrackSaved', data: { user_id: 'fan', track_id: 7, track_owner_id: 'artist' } };
const unsaved: LibraryEvent = { type: 'TrackUnsaved', data: { user_id: 'fan', track_id: 7, track_owner_id: 'artist' } };
const save = { type: 'SaveTrack', user_id: 'fan', track_id: 7, track: { owner_id: 'artist' } } as const;
const unsave = { type: 'UnsaveTrack', user_id: 'fan', track_id: 7 } as const;

describe('library decider', () => {
  it('saves a track once, naming its owner; a second save changes nothing', () => {
    given([]).when(save).then([saved]);
    given([saved]).when(save).thenNothing();
    given([saved, unsaved]).when(save).then([saved]);
  });

  it('refuses to save a track the member may not see, like a missing one', () => {
    given([]).when({ ...save, track: null }).thenFails(LibraryErrors.trackNotFound);
  });

  it('removes a saved track with the owner it was saved with; removing what is not saved changes nothing', () => {
    given([saved]).when(unsave).then([unsaved]);
    given([]).when(unsave).thenNothing();
    given([saved, unsaved]).when(unsave).thenNothing();
  });
});
