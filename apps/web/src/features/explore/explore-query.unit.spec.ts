import { describe, expect, it } from 'vitest';
import { formSearch, readExploreQuery, readTagIds, readVisibilities, withoutTag } from './explore-query';

const spec = { sortKeys: ['signup', 'username'] as const, defaultSort: 'signup' as const, defaultDir: 'desc' as const, pageSize: 10 };

describe('explore query', () => {
  it('reads search, sort, direction and page from the address', () => {
    const query = readExploreQuery(new URLSearchParams('search=%20ada%20&sort=username&sort_dir=asc'), spec);
    expect(query).toEqual({ search: 'ada', sort: 'username', dir: 'asc' });
  });

  it('falls back to the defaults for unknown values', () => {
    const query = readExploreQuery(new URLSearchParams('sort=password&sort_dir=up'), spec);
    expect(query).toEqual({ search: '', sort: 'signup', dir: 'desc' });
  });

  it('reads tag ids from a comma list or repeated, each once', () => {
    expect(readTagIds(new URLSearchParams('tag_ids=3,5&tag_ids=5&tag_ids=x,0,7'))).toEqual([3, 5, 7]);
  });

  it('removes one tag and goes back to the first page', () => {
    expect(withoutTag(new URLSearchParams('tag_ids=3,5&page=2&sort=title'), 3)).toBe('?sort=title&tag_ids=5');
    expect(withoutTag(new URLSearchParams('tag_ids=3'), 3)).toBe('');
  });

  it('keeps only known visibilities', () => {
    expect(readVisibilities(new URLSearchParams('visibility=private,secret&visibility=public'), ['public', 'unlisted', 'private'])).toEqual(['public', 'private']);
  });

  it('sends only the fields that were filled in', () => {
    expect(formSearch([['search', ' night '], ['username', ''], ['visibility', ''], ['sort', 'name'], ['limit', '5']])).toBe('?search=night&sort=name&limit=5');
    expect(formSearch([['search', '  ']])).toBe('');
  });
});
