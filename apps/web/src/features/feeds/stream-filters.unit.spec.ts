import { describe, expect, it } from 'vitest';
import { isDefaultStream, readStreamFilters, streamQuery, withFilter, writeStreamFilters } from './stream-filters';

describe('stream filters (spec §4 Other, §9)', () => {
  it('default to all content, all time, most recent first', () => {
    const filters = readStreamFilters(new URLSearchParams());
    expect(filters).toEqual({ content_type: 'all', time_range: 'all', sort: 'recent' });
    expect(isDefaultStream(filters)).toBe(true);
  });

  it('read the choices from the address and fall back on unknown values', () => {
    expect(readStreamFilters(new URLSearchParams('content_type=uploads&time_range=week&sort=popular')))
      .toEqual({ content_type: 'uploads', time_range: 'week', sort: 'popular' });
    expect(readStreamFilters(new URLSearchParams('content_type=videos&time_range=decade&sort=loudest')))
      .toEqual({ content_type: 'all', time_range: 'all', sort: 'recent' });
  });

  it('write only what differs from the defaults, so the plain address is the default stream', () => {
    const filters = withFilter(readStreamFilters(new URLSearchParams()), 'sort', 'oldest');
    expect(writeStreamFilters(filters).toString()).toBe('sort=oldest');
    expect(writeStreamFilters(withFilter(filters, 'sort', 'recent')).toString()).toBe('');
    expect(readStreamFilters(writeStreamFilters(filters))).toEqual(filters);
  });

  it('change one filter without touching the others', () => {
    const filters = readStreamFilters(new URLSearchParams('content_type=collections&time_range=month'));
    expect(withFilter(filters, 'time_range', 'day')).toEqual({ content_type: 'collections', time_range: 'day', sort: 'recent' });
    expect(filters.time_range).toBe('month');
  });

  it('ask for pages of 10 with every filter', () => {
    expect(streamQuery({ content_type: 'uploads', time_range: 'year', sort: 'popular' }, 20))
      .toEqual({ limit: 10, offset: 20, content_type: 'uploads', time_range: 'year', sort: 'popular' });
  });
});
