import { describe, expect, it } from 'vitest';
import { countOf, formatBytes, formatClock, formatCount } from './format';

describe('formats of spec §9', () => {
  it('shows counts as k above 1000 and m above a million', () => {
    expect([formatCount(999), formatCount(1000), formatCount(1500), formatCount(2_000_000)]).toEqual(['999', '1000', '1.5k', '2m']);
  });

  it('shows sizes in B, KB, MB, GB to one decimal', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(5 * 1024 * 1024)]).toEqual(['512 B', '1.5 KB', '5.0 MB']);
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
