import { describe, expect, it } from 'vitest';
import { eventFilterSearch, isoFromLocal, jumpTo, localFromIso, readEventFilters, typeList } from './event-filters';

describe('event inspector filters in the address', () => {
  it('reads what the address holds and leaves out blanks and a bad keyset', () => {
    const params = new URLSearchParams('stream=track-&type=TrackUpdated,TrackDeleted&actor=%20nova%20&correlation_id=&before=abc');
    expect(readEventFilters(params)).toEqual({ stream: 'track-', type: 'TrackUpdated,TrackDeleted', actor: 'nova' });
    expect(readEventFilters(new URLSearchParams('before=120'))).toEqual({ before: 120 });
    expect(readEventFilters(new URLSearchParams('before=0'))).toEqual({});
  });

  it('writes a view back to a query string that reads the same', () => {
    const filters = { stream: 'user-1', type: 'A,B', actor: 'nova', correlation_id: 'req-1', from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z', before: 9 };
    const search = eventFilterSearch(filters);
    expect(readEventFilters(new URLSearchParams(search))).toEqual(filters);
    expect(eventFilterSearch({})).toBe('');
  });

  it('takes several types with commas or spaces, and jumps to a position by its keyset', () => {
    expect(typeList(' TrackUpdated, TrackDeleted  CommentPosted,')).toBe('TrackUpdated,TrackDeleted,CommentPosted');
    expect(jumpTo({ stream: 'track-' }, 500)).toEqual({ stream: 'track-', before: 501 });
  });

  it('turns a local date-time field into ISO and back', () => {
    const iso = isoFromLocal('2026-11-28T05:30');
    expect(iso).toMatch(/^2026-11-2\dT\d\d:30:00.000Z$/);
    expect(localFromIso(iso)).toBe('2026-11-28T05:30');
    expect(isoFromLocal('')).toBeUndefined();
    expect(isoFromLocal('not a time')).toBeUndefined();
    expect(localFromIso(undefined)).toBe('');
  });
});
