import { PROFILE_LIMITS, PROFILE_MSG, normaliseLinks, normaliseUrl, type LinkInput, type ProfileLink } from '@stardeck/contracts/browser';

/** One row of the manageLinks form, as typed. */
export interface LinkRow {
  title: string;
  url: string;
  is_primary: boolean;
}

export const emptyRow = (is_primary = false): LinkRow => ({ title: '', url: '', is_primary });

const isBlank = (row: LinkRow) => row.title.trim() === '' && row.url.trim() === '';

/** The saved links as rows; the form always shows at least one row, and one of them is primary. */
export function rowsFromLinks(links: readonly Pick<ProfileLink, 'title' | 'url' | 'is_primary'>[]): LinkRow[] {
  if (links.length === 0) return [emptyRow(true)];
  return withOnePrimary(links.map((link) => ({ title: link.title ?? '', url: link.url, is_primary: link.is_primary })));
}

/**
 * Spec §5: a filled URL must be a URL (https:// assumed); a row with a title but no URL says the
 * URL cannot be empty. A row left wholly blank has no error: it is dropped on save.
 */
export function linkRowError(row: LinkRow): string | null {
  if (isBlank(row)) return null;
  if (row.url.trim() === '') return PROFILE_MSG.urlRequired;
  return normaliseUrl(row.url) === null ? PROFILE_MSG.urlInvalid : null;
}

/** Spec §5: save only when at least one URL is filled and every filled row is valid. */
export function canSaveLinks(rows: readonly LinkRow[]): boolean {
  return rows.some((row) => row.url.trim() !== '') && rows.every((row) => linkRowError(row) === null);
}

/** What PUT /manage/links is sent: blank rows dropped, https:// added, exactly one primary (the first when none). */
export function linksToSave(rows: readonly LinkRow[]): LinkInput[] {
  const kept = rows.filter((row) => !isBlank(row));
  return normaliseLinks(kept.map((row) => ({ title: row.title, url: row.url.trim(), is_primary: row.is_primary })));
}

export function canAddRow(rows: readonly LinkRow[]): boolean {
  return rows.length < PROFILE_LIMITS.links;
}

export function addRow(rows: readonly LinkRow[]): LinkRow[] {
  return canAddRow(rows) ? [...rows, emptyRow()] : [...rows];
}

/** Spec §5: the last remaining row is cleared, not removed; removing the primary row passes primary to the first. */
export function removeRow(rows: readonly LinkRow[], index: number): LinkRow[] {
  if (rows.length <= 1) return [emptyRow(true)];
  return withOnePrimary(rows.filter((_, i) => i !== index));
}

export function setPrimary(rows: readonly LinkRow[], index: number): LinkRow[] {
  return rows.map((row, i) => ({ ...row, is_primary: i === index }));
}

export function updateRow(rows: readonly LinkRow[], index: number, change: Partial<Omit<LinkRow, 'is_primary'>>): LinkRow[] {
  return rows.map((row, i) => (i === index ? { ...row, ...change } : row));
}

function withOnePrimary(rows: LinkRow[]): LinkRow[] {
  const primary = Math.max(0, rows.findIndex((row) => row.is_primary));
  return rows.map((row, i) => ({ ...row, is_primary: i === primary }));
}
