import { PAGE_SIZE_CHOICES } from '@stardeck/contracts/browser';

export interface PageRequest {
  /** 1-based. */
  page: number;
  limit: number;
  offset: number;
}

/**
 * The page a user page shows, from its address (`?page=2&limit=50`): a size among the spec §9
 * choices (or the list's own default), and a page from 1.
 */
export function readPage(search: URLSearchParams, defaultSize: number): PageRequest {
  const asked = Number(search.get('limit'));
  const limit = (PAGE_SIZE_CHOICES as readonly number[]).includes(asked) ? asked : defaultSize;
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  return { page, limit, offset: (page - 1) * limit };
}

/** The address of another page of the same list, keeping the rest of the query. */
export function pageSearch(search: URLSearchParams, change: { page?: number; limit?: number }): string {
  const next = new URLSearchParams(search);
  if (change.limit !== undefined) next.set('limit', String(change.limit));
  if (change.page !== undefined) {
    if (change.page <= 1) next.delete('page');
    else next.set('page', String(change.page));
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The size choices offered, with the list's default among them even when it is not one of the four. */
export function sizeChoices(defaultSize: number): number[] {
  return [...new Set([...PAGE_SIZE_CHOICES, defaultSize])].sort((a, b) => a - b);
}
