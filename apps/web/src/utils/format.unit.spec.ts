import { describe, expect, it } from 'vitest';
import { countOf, formatBytes, formatClock, formatCount, formatDate, formatLongDate, truncateUrl } from './format';

describe('formats of spec §9', () => {
  it('shows counts as k above 1000 and m above a million', () => {
    expect([formatCount(999), formatCount(1000), formatCount(1500), formatCount(2_000_000)]).toEqual(['999', '1000', '1.5k', '2m']);
  });

  it('shows sizes in B, KB, MB, GB to one decimal', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual(['512 B', '1.5 KB', '5.0 MB']);
  });

  it('shows dates in US short and long form', () => {
    const day = new Date(2026, 10, 23, 12);
    expect([formatDate(day), formatLongDate(day), formatLongDate('not a date')]).toEqual(['Nov 23, 2026', 'November 23, 2026', '']);
    // A calendar date is that day in every time zone (as UTC midnight it would be the 22nd west of Greenwich).
    expect([formatLongDate('2026-11-23'), formatDate('2026-01-01')]).toEqual(['November 23, 2026', 'Jan 1, 2026']);
  });

  it('cuts an external address to 60 characters', () => {
    const long = `https://example.com/${'a'.repeat(80)}`;
    expect(truncateUrl(long)).toHaveLength(60);
    expect(truncateUrl(long).endsWith('…')).toBe(true);
    expect(truncateUrl('https://example.com/short')).toBe('https://example.com/short');
    expect(truncateUrl(long.slice(0, 60))).toBe(long.slice(0, 60));
  });

  it('shows a playback position like a clock', () => {
    expect([formatClock(0), formatClock(61.9), formatClock(3661)]).toEqual(['0:00', '1:01', '1:01:01']);
  });

  it('puts a count\'s noun in the right number', () => {
    expect([countOf(0, 'track'), countOf(1, 'track'), countOf(2, 'track'), countOf(1500, 'post')]).toEqual(['0 tracks', '1 track', '2 tracks', '1.5k posts']);
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
  });
});
