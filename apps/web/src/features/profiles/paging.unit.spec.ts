import { describe, expect, it } from 'vitest';
import { pageCount, pageSearch, readPage, sizeChoices } from './paging';

describe('user page paging', () => {
  it('opens on the first page at the list default size', () => {
    expect(readPage(new URLSearchParams(''), 20)).toEqual({ page: 1, limit: 20, offset: 0 });
  });

  it('takes a page size among the spec choices and turns the page into an offset', () => {
    expect(readPage(new URLSearchParams('limit=50&page=3'), 20)).toEqual({ page: 3, limit: 50, offset: 100 });
  });

  it('ignores sizes outside the choices and pages below 1', () => {
    expect(readPage(new URLSearchParams('limit=1000&page=-4'), 10)).toEqual({ page: 1, limit: 10, offset: 0 });
    expect(readPage(new URLSearchParams('limit=abc&page=x'), 20)).toEqual({ page: 1, limit: 20, offset: 0 });
  });

  it('writes another page keeping the rest of the query, and drops page 1', () => {
    const search = new URLSearchParams('limit=5&page=2&q=x');
    expect(pageSearch(search, { page: 3 })).toBe('?limit=5&page=3&q=x');
    expect(pageSearch(search, { page: 1 })).toBe('?limit=5&q=x');
    expect(pageSearch(new URLSearchParams('page=4'), { limit: 50, page: 1 })).toBe('?limit=50');
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('offers 5, 10, 20 and 50', () => {
    expect(sizeChoices(20)).toEqual([5, 10, 20, 50]);
  });
});
