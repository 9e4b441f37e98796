export type SortDir = 'asc' | 'desc';

/** One explore list's choices: its sort keys (spec §7), their defaults and its page size (spec §9). */
export interface ExploreSpec<K extends string> {
  sortKeys: readonly K[];
  defaultSort: K;
  defaultDir: SortDir;
  pageSize: number;
}

export interface ExploreQuery<K extends string> {
  search: string;
  sort: K;
  dir: SortDir;
}

/**
 * What an explore page shows, read from its address (`?search=&sort=&sort_dir=`; the page and its
 * size are read like a user page's),
 * so a reload, a shared link or the back button show the same list. Unknown values fall back to
 * the defaults instead of reaching the API as a refused request.
 */
export function readExploreQuery<K extends string>(params: URLSearchParams, spec: ExploreSpec<K>): ExploreQuery<K> {
  const askedSort = params.get('sort');
  const sort = spec.sortKeys.find((key) => key === askedSort) ?? spec.defaultSort;
  const askedDir = params.get('sort_dir');
  const dir: SortDir = askedDir === 'asc' || askedDir === 'desc' ? askedDir : spec.defaultDir;
  return { search: (params.get('search') ?? '').trim(), sort, dir };
}

/** Tag ids of `?tag_ids=3,5` (or repeated): positive whole numbers, each once, in their order. */
export function readTagIds(params: URLSearchParams): number[] {
  const ids = params
    .getAll('tag_ids')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => /^\d+$/.test(value))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)];
}

/** The address of the same list without one of its tags, back on its first page. */
export function withoutTag(params: URLSearchParams, tagId: number): string {
  const next = new URLSearchParams(params);
  const rest = readTagIds(params).filter((id) => id !== tagId);
  next.delete('tag_ids');
  next.delete('page');
  if (rest.length > 0) next.set('tag_ids', rest.join(','));
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** Visibilities of `?visibility=public,unlisted`, kept to the known ones. */
export function readVisibilities<V extends string>(params: URLSearchParams, known: readonly V[]): V[] {
  const asked = params.getAll('visibility').flatMap((value) => value.split(','));
  return known.filter((value) => asked.includes(value));
}

/**
 * The query a search form sends, without its blank fields, so the address holds only what was
 * chosen (`?search=ada&sort=username`, not `?search=ada&username=&visibility=`).
 */
export function formSearch(entries: Iterable<[string, FormDataEntryValue]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
