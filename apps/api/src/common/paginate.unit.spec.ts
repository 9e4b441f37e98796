import { describe, expect, it } from 'vitest';
import { consistentTotal } from './paginate';

describe('the total reported with a page', () => {
  it('ends the list at a page that is not full, even when the count saw more rows', () => {
    // The listening-history case: the count saw the third play, the page only two.
    expect(consistentTotal(3, { limit: 10, offset: 0 }, 2)).toBe(2);
  });

  it('ends the list at a page that is not full, even when the count saw fewer rows', () => {
    expect(consistentTotal(1, { limit: 10, offset: 20 }, 4)).toBe(24);
  });

  it('counts at least the rows read so far after a full page', () => {
    expect(consistentTotal(5, { limit: 10, offset: 10 }, 10)).toBe(20);
    expect(consistentTotal(57, { limit: 10, offset: 10 }, 10)).toBe(57);
  });

  it('reports an empty first page as an empty list, and past the end the count', () => {
    expect(consistentTotal(2, { limit: 10, offset: 0 }, 0)).toBe(0);
    expect(consistentTotal(12, { limit: 10, offset: 30 }, 0)).toBe(12);
  });
});
