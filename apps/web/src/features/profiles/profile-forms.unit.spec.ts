import { PROFILE_MSG, TRACK_MSG } from '@stardeck/contracts/browser';
import { describe, expect, it } from 'vitest';
import { initialQuality, qualityOptions } from './config-rules';
import { displayNameError } from './display-name-rules';
import { checkProfileImage } from './image-rules';

const MB = 1024 * 1024;

describe('profile images (spec §5)', () => {
  it('accepts jpeg, png, gif and webp only', () => {
    expect(checkProfileImage({ type: 'image/png', size: 1000 }, 'avatar')).toBeNull();
    expect(checkProfileImage({ type: 'image/svg+xml', size: 1000 }, 'avatar')).toBe(TRACK_MSG.artworkInvalid);
    expect(checkProfileImage({ type: 'application/pdf', size: 1000 }, 'banner')).toBe(TRACK_MSG.artworkInvalid);
  });

  it('allows 2 MB for an avatar and 4 MB for a banner', () => {
    expect(checkProfileImage({ type: 'image/jpeg', size: 3 * MB }, 'avatar')).toBe('Artwork too large (3.0 MB). Maximum size is 2 MB.');
    expect(checkProfileImage({ type: 'image/jpeg', size: 3 * MB }, 'banner')).toBeNull();
    expect(checkProfileImage({ type: 'image/webp', size: 5 * MB }, 'banner')).toBe('Artwork too large (5.0 MB). Maximum size is 4 MB.');
  });
});

describe('display name (spec §5)', () => {
  it('is required once trimmed and at most 32 characters', () => {
    expect(displayNameError('   ')).toBe(PROFILE_MSG.displayNameRequired);
    expect(displayNameError('x'.repeat(33))).toBe(PROFILE_MSG.displayNameTooLong);
    expect(displayNameError(` ${'x'.repeat(32)} `)).toBeNull();
  });
});

describe('streaming quality (spec §4, §6)', () => {
  it('locks high behind core and lossless behind premium', () => {
    expect(qualityOptions('free').map((o) => o.lock)).toEqual([null, 'upgrade to core', 'upgrade to premium']);
    expect(qualityOptions('core').map((o) => o.lock)).toEqual([null, null, 'upgrade to premium']);
    expect(qualityOptions('premium').map((o) => o.lock)).toEqual([null, null, null]);
    expect(qualityOptions('admin').map((o) => o.lock)).toEqual([null, null, null]);
  });

  it('opens on the quality the tier allows', () => {
    expect(initialQuality('flac', 'core')).toBe('high');
    expect(initialQuality('flac', 'free')).toBe('standard');
    expect(initialQuality('high', 'free')).toBe('standard');
    expect(initialQuality('flac', 'premium')).toBe('flac');
  });
});
