import { randomUUID } from 'node:crypto';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where each kind of object lives in storage. Keys are deterministic where a retry must land on
 * the same object (renditions) and random where two uploads must never collide.
 */
export const storageKeys = {
  /** A member's upload, signed at preflight and verified at create. */
  upload: (userId: string, extension: string) => `uploads/${userId}/${randomUUID()}.${extension}`,
  /** True when `key` is an upload key of this member with this extension. */
  isUploadOf: (key: string, userId: string, extension: string) =>
    new RegExp(`^uploads/${escaped(userId)}/[0-9a-f-]{36}\\.${escaped(extension)}$`).test(key),
  uploadsPrefix: 'uploads/',
  /**
   * Where an accepted upload lives once its track is created: a key no signed upload URL names,
   * so the URL that brought the file can never replace what was checked.
   */
  source: (userId: string, extension: string) => `sources/${userId}/${randomUUID()}.${extension}`,
  artwork: (userId: string, extension: string) => `artwork/${userId}/${randomUUID()}.${extension}`,
  avatar: (userId: string, extension: string) => `avatars/${userId}/${randomUUID()}.${extension}`,
  banner: (userId: string, extension: string) => `banners/${userId}/${randomUUID()}.${extension}`,
  /** Everything the transcoder writes for a track: deleting the prefix removes all of it. */
  renditionsPrefix: (trackId: number | string) => `tracks/${trackId}/`,
  renditions: (trackId: number | string) => ({
    standard: `tracks/${trackId}/standard.mp3`,
    high: `tracks/${trackId}/high.mp3`,
    flac: `tracks/${trackId}/lossless.flac`,
    peaks: `tracks/${trackId}/peaks.json`,
    video: `tracks/${trackId}/video.mp4`,
    poster: `tracks/${trackId}/poster.jpg`,
  }),
};
