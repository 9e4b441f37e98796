import { ARTWORK_FORMATS, PROFILE_LIMITS, TRACK_MSG } from '@stardeck/contracts/browser';

const MB = 1024 * 1024;

export type ProfileImageKind = 'avatar' | 'banner';

/** Spec §5/§9: 2 MB for an avatar, 4 MB for a banner. */
export const PROFILE_IMAGE_MAX_BYTES: Record<ProfileImageKind, number> = {
  avatar: PROFILE_LIMITS.avatarMaxBytes,
  banner: PROFILE_LIMITS.bannerMaxBytes,
};

/** Spec §5 image checks before anything is sent: the format, then the size for that kind of image. */
export function checkProfileImage(file: Pick<File, 'type' | 'size'>, kind: ProfileImageKind): string | null {
  const format = file.type.replace(/^image\//, '').replace('jpg', 'jpeg');
  if (!file.type.startsWith('image/') || !(ARTWORK_FORMATS as readonly string[]).includes(format)) return TRACK_MSG.artworkInvalid;
  const max = PROFILE_IMAGE_MAX_BYTES[kind];
  if (file.size > max) return TRACK_MSG.artworkTooLarge(file.size / MB, max / MB);
  return null;
}
