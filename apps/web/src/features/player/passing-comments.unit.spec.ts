import { describe, expect, it } from 'vitest';
import { passingComment } from './passing-comments';

const comments = [{ id: 1, track_timestamp: 10 }, { id: 2, track_timestamp: 20 }];

describe('comment tooltips while playing (spec §4 Comment input)', () => {
  it('shows a comment when playback is within 0.5 s of it, once per pass', () => {
    let shown = new Set<number>();
    expect(passingComment(comments, 9.2, shown).show).toBeNull();
    ({ shown } = passingComment(comments, 9.6, shown));
    expect([...shown]).toEqual([1]);
    expect(passingComment(comments, 10.3, shown).show).toBeNull();
    ({ shown } = passingComment(comments, 11, shown));
    expect(shown.size).toBe(0);
    // A seek back passes it again.
    expect(passingComment(comments, 10, shown).show?.id).toBe(1);
  });

  it('shows each of two comments as playback reaches them', () => {
    let shown = new Set<number>();
    const first = passingComment(comments, 10, shown);
    shown = first.shown;
    expect(first.show?.id).toBe(1);
    expect(passingComment(comments, 19.8, shown).show?.id).toBe(2);
  });
});
