import type { TrackEvent } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { uploaded } from './projections/spec-events';
import { foldTo, streamModelOf } from './stream-models';

describe('stream models', () => {
  it('names the decider that owns each stream category, and none for streams appended without one', () => {
    expect(streamModelOf('track-42')?.name).toBe('trackDecider');
    expect(streamModelOf('user-0000')?.name).toBe('accountDecider');
    expect(streamModelOf('collectionfollow-3-u1')?.name).toBe('collectionFollowDecider');
    expect(streamModelOf('album-5')?.name).toBe('albumDecider');
    expect(streamModelOf('listening-u1')).toBeNull();
    expect(streamModelOf('nonsense')).toBeNull();
  });

  it("folds a stream with the decider's own evolve up to any version", () => {
    const model = streamModelOf('track-7')!;
    const updated = { type: 'TrackUpdated', data: { track_id: 7, title: 'renamed', slug: 'renamed', description: null, visibility: 'public', tags: [] } } as TrackEvent;
    const events = [uploaded(7, 'u1'), updated];
    expect(foldTo(model, events, 0)).toEqual({ status: 'none' });
    expect(foldTo(model, events, 1)).toMatchObject({ status: 'processing', title: 'Track 7' });
    expect(foldTo(model, events, 2)).toMatchObject({ title: 'renamed' });
  });
});
