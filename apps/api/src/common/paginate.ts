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
 * ordering; `order` adds the ordering for the page. Both queries run on the same executor.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
  order: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
): Promise<Page<O>> {
  const [items, count] = await Promise.all([
    order(query).limit(page.limit).offset(page.offset).execute(),
    query.clearSelect().select(sql<number>`count(*)::bigint`.as('total')).executeTakeFirstOrThrow() as Promise<{ total: number | string }>,
  ]);
  const total = Number(count.total);
  return { items, total, has_more: page.offset + items.length < total };
}

/** The same answer for a list that is already in memory (rows from several read models merged). */
export function pageOf<T>(items: T[], total: number, page: PageRequest): Page<T> {
  return { items, total, has_more: page.offset + items.length < total };
}
