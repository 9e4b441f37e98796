import { PROFILE_MSG } from '@stardeck/contracts/browser';
import { describe, expect, it } from 'vitest';
import { addRow, canAddRow, canSaveLinks, emptyRow, linkRowError, linksToSave, removeRow, rowsFromLinks, setPrimary, type LinkRow } from './link-rules';

const row = (url: string, title = '', is_primary = false): LinkRow => ({ title, url, is_primary });

describe('manageLinks rules (spec §5)', () => {
  it('opens with one blank primary row when there are no links', () => {
    expect(rowsFromLinks([])).toEqual([emptyRow(true)]);
  });

  it('says a filled URL must be valid, and a titled row needs a URL; a blank row has no error', () => {
    expect(linkRowError(row('not a url'))).toBe(PROFILE_MSG.urlInvalid);
    expect(linkRowError(row('', 'my site'))).toBe(PROFILE_MSG.urlRequired);
    expect(linkRowError(row(''))).toBeNull();
    expect(linkRowError(row('example.com'))).toBeNull();
  });

  it('enables save only with at least one URL and every filled row valid', () => {
    expect(canSaveLinks([row('')])).toBe(false);
    expect(canSaveLinks([row('example.com'), row('')])).toBe(true);
    expect(canSaveLinks([row('example.com'), row('nope')])).toBe(false);
    expect(canSaveLinks([row('example.com'), row('', 'title only')])).toBe(false);
  });

  it('drops empty rows, assumes https and makes the first link primary when none is', () => {
    expect(linksToSave([row(''), row('example.com', ' Site '), row('http://b.org/x')])).toEqual([
      { title: 'Site', url: 'https://example.com/', is_primary: true },
      { title: null, url: 'http://b.org/x', is_primary: false },
    ]);
  });

  it('keeps exactly one primary', () => {
    const rows = setPrimary([row('a.com', '', true), row('b.com')], 1);
    expect(rows.map((r) => r.is_primary)).toEqual([false, true]);
    expect(linksToSave(rows).map((l) => l.is_primary)).toEqual([false, true]);
  });

  it('clears the last row instead of removing it', () => {
    expect(removeRow([row('a.com', 'A', true)], 0)).toEqual([emptyRow(true)]);
  });

  it('passes primary to the first row when the primary row is removed', () => {
    expect(removeRow([row('a.com'), row('b.com', '', true), row('c.com')], 1)).toEqual([row('a.com', '', true), row('c.com')]);
  });

  it('allows at most 10 rows', () => {
    let rows = [emptyRow(true)];
    for (let i = 0; i < 12; i += 1) rows = addRow(rows);
    expect(rows).toHaveLength(10);
    expect(canAddRow(rows)).toBe(false);
  });
});
