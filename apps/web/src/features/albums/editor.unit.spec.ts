import { ALBUM_MSG } from '@stardeck/contracts/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { albumEditor, albumFormError, moveTrack, reset, tagNames, toggleTrack } from './editor';

const valid = { title: 'Low Tide', description: '', releaseDate: '2026-11-01', trackIds: [1] };

describe('album editor', () => {
  afterEach(() => reset());

  it('puts chosen tracks at the end, takes them off again, and moves one to any place', () => {
    for (const id of [4, 7, 9]) toggleTrack(id);
    expect(albumEditor.form.trackIds).toEqual([4, 7, 9]);
    moveTrack(0, 2);
    expect(albumEditor.form.trackIds).toEqual([7, 9, 4]);
    moveTrack(2, 0);
    expect(albumEditor.form.trackIds).toEqual([4, 7, 9]);
    moveTrack(1, 5);
    expect(albumEditor.form.trackIds).toEqual([4, 7, 9]);
    toggleTrack(7);
    expect(albumEditor.form.trackIds).toEqual([4, 9]);
  });

  it('says what keeps the form from being sent, in the album rules\' words', () => {
    expect(albumFormError(valid)).toBeNull();
    expect(albumFormError({ ...valid, title: '  ' })).toBe(ALBUM_MSG.titleRequired);
    expect(albumFormError({ ...valid, title: 'x'.repeat(201) })).toBe(ALBUM_MSG.titleTooLong);
    expect(albumFormError({ ...valid, releaseDate: '2026-02-30' })).toBe(ALBUM_MSG.releaseDateInvalid);
    expect(albumFormError({ ...valid, trackIds: [] })).toBe(ALBUM_MSG.tracksRequired);
    expect(albumFormError({ ...valid, trackIds: Array.from({ length: 101 }, (_, i) => i + 1) })).toBe(ALBUM_MSG.tracksRequired);
  });

  it('reads comma-separated tags, dropping blanks', () => {
    expect(tagNames(' Drone, , Night Drive ,')).toEqual(['Drone', 'Night Drive']);
  });
});
