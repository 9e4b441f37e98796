import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  has_more: boolean;
}

/**
 * One page of a list query and the size of the whole list. `query` is the filtered query without
 * ordering; `order` adds the ordering for the page. Both queries run on the same executor. A list
 * whose size a read model keeps passes `counted`, read instead of counting the list's rows.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  order: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  counted?: Promise<number>,
): Promise<Page<O>> {
  const [items, total] = await Promise.all([
    order(query).limit(page.limit).offset(page.offset).execute(),
    counted ?? (query.clearSelect().select(sql<number>`count(*)::bigint`.as('total')).executeTakeFirstOrThrow() as Promise<{ total: number | string }>)
      .then((count) => Number(count.total)),
  ]);
  return pageOf(items, consistentTotal(total, page, items.length), page);
}

/**
 * One page of a list shown without its size (a search, where counting every match would cost
 * more than the page): one row past the page tells whether another follows.
 */
export async function paginateWithoutTotal<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  order: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): Promise<Omit<Page<O>, 'total'>> {
  const rows = await order(query).limit(page.limit + 1).offset(page.offset).execute();
  return { items: rows.slice(0, page.limit), has_more: rows.length > page.limit };
}

/**
 * The two statements of a page may see different snapshots while a projection writes to the
 * list, so the count can disagree with the page (three plays counted, two listed). The page is
 * what the reader sees, so it wins: a page that is not full is the end of the list, and a full
 * page means the list is at least that long. Only past the end is the count all there is.
 */
export function consistentTotal(counted: number, page: PageRequest, returned: number): number {
  if (returned === 0) return page.offset === 0 ? 0 : counted;
  if (returned < page.limit) return page.offset + returned;
  return Math.max(counted, page.offset + returned);
}

/** The same answer for a list that is already in memory (rows from several read models merged). */
export function pageOf<T>(items: T[], total: number, page: PageRequest): Page<T> {
  return { items, total, has_more: page.offset + items.length < total };
}
