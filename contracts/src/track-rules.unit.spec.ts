import { describe, expect, it } from 'vitest';
import { MAX_AUDIO_BYTES } from './limits';
import { TRACK_MSG, UPLOAD_ERROR_CODES } from './track-messages';
import { checkAudioDeclaration, declaredFileType, defaultTrackTitle, formatDuration, normaliseTags } from './track-rules';

describe('audio declaration', () => {
  const ok = { filename: 'song.mp3', filesize: 1000, filetype: 'audio/mpeg' };
  it('accepts the six formats', () => {
    for (const ext of ['mp3', 'wav', 'ogg', 'aac', 'flac', 'm4a']) expect(checkAudioDeclaration({ ...ok, filename: `a.${ext}` })).toBeNull();
  });
  it('checks extension, then size, then type, with the spec texts', () => {
    expect(checkAudioDeclaration({ ...ok, filename: 'a.txt', filesize: MAX_AUDIO_BYTES + 1 })?.code).toBe(UPLOAD_ERROR_CODES.invalidExtension);
    expect(checkAudioDeclaration({ ...ok, filesize: MAX_AUDIO_BYTES + 1 })).toEqual({ code: 'FILE_TOO_LARGE', message: 'File size exceeds maximum allowed size of 256MB' });
    expect(checkAudioDeclaration({ ...ok, filetype: 'text/plain' })).toEqual({ code: 'INVALID_MIME_TYPE', message: 'File does not appear to be an audio file' });
    expect(checkAudioDeclaration({ ...ok, filesize: 0 })?.code).toBe('INVALID_MIME_TYPE');
    expect(TRACK_MSG.invalidExtension).toBe('Invalid file extension. Supported formats: mp3, wav, ogg, aac, flac, m4a');
  });
  it('lets the four video containers through as video or audio types, within the same size limit', () => {
    for (const [ext, type] of [['mp4', 'video/mp4'], ['mov', 'video/quicktime'], ['webm', 'video/webm'], ['mkv', 'video/x-matroska'], ['mp4', 'audio/mp4']]) {
      expect(checkAudioDeclaration({ filename: `clip.${ext}`, filesize: 1000, filetype: type! })).toBeNull();
    }
    expect(checkAudioDeclaration({ filename: 'clip.mp4', filesize: MAX_AUDIO_BYTES + 1, filetype: 'video/mp4' })?.code).toBe('FILE_TOO_LARGE');
    expect(checkAudioDeclaration({ filename: 'clip.mp4', filesize: 1000, filetype: 'application/x-mpegurl' })?.code).toBe('INVALID_MIME_TYPE');
    // An audio name still needs an audio type.
    expect(checkAudioDeclaration({ ...ok, filetype: 'video/mp4' })?.code).toBe('INVALID_MIME_TYPE');
    expect(checkAudioDeclaration({ filename: 'clip.avi', filesize: 1000, filetype: 'video/x-msvideo' })?.code).toBe('INVALID_EXTENSION');
  });
  it('names the container of a video file the browser gave no type, and nothing else', () => {
    expect(declaredFileType('clip.mkv', '')).toBe('video/x-matroska');
    expect(declaredFileType('clip.webm', 'video/webm')).toBe('video/webm');
    expect(declaredFileType('song.mp3', '')).toBe('');
  });
});

describe('tags', () => {
  it('trims, drops empties and ignores case-insensitive duplicates', () => {
    expect(normaliseTags([' Ambient ', 'ambient', '', { name: 'Drone' }])).toEqual({ tags: ['Ambient', 'Drone'] });
  });
  it('refuses long names and more than five', () => {
    expect(normaliseTags(['x'.repeat(33)])).toEqual({ error: 'Tag name must be 32 characters or less' });
    expect(normaliseTags(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ error: 'Maximum 5 tags allowed' });
    expect(normaliseTags(['a', 'A', 'b', 'c', 'd', 'e'])).toEqual({ tags: ['a', 'b', 'c', 'd', 'e'] });
  });
});

describe('titles and durations', () => {
  it('defaults the title to the filename without extension', () => {
    expect(defaultTrackTitle('My Song.flac')).toBe('My Song');
    expect(defaultTrackTitle('.mp3')).toBe('Untitled Track');
    expect(defaultTrackTitle(undefined)).toBe('Untitled Track');
  });
  it('formats m:ss', () => {
    expect(formatDuration(61.4)).toBe('1:01');
    expect(formatDuration(null)).toBe('0:00');
  });
});
