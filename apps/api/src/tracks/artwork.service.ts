import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ARTWORK_MAX_BYTES, TRACK_MSG, type TrackArtworkRef } from '@stardeck/contracts';
import type { Platform } from '@stardeck/infra';
import sharp from 'sharp';
import { ApiError } from '../common/api-error';
import { PLATFORM } from '../platform/platform.module';

/** Stored artwork is at most this many pixels a side: sharp on a 2× screen, small to serve. */
export const ARTWORK_STORED_PX = 600;
const FORMATS: Record<string, { ext: string; mimetype: string }> = {
  jpg: { ext: 'jpg', mimetype: 'image/jpeg' },
  png: { ext: 'png', mimetype: 'image/png' },
  gif: { ext: 'gif', mimetype: 'image/gif' },
  webp: { ext: 'webp', mimetype: 'image/webp' },
};
/**
 * Artwork URLs are signed and expire at the end of the next UTC day: every page in between gets
 * the same URL, so browsers cache the image, yet no URL works for ever.
 */
const DAY_SECONDS = 24 * 3600;
function secondsUntilDayAfterTomorrow(): number {
  const now = Math.floor(Date.now() / 1000);
  return (Math.floor(now / DAY_SECONDS) + 2) * DAY_SECONDS - now;
}

export interface PreparedArtwork {
  bytes: Buffer;
  ext: string;
  mimetype: string;
}

const invalid = () => ApiError.badRequest('Artwork', TRACK_MSG.artworkInvalid, { artwork_data: TRACK_MSG.artworkInvalid });

/**
 * Track artwork (spec §5): jpeg, png, gif or webp judged by the bytes themselves, at most 1 MB,
 * stored resized. A track without artwork shows the generated pixel artwork instead.
 */
@Injectable()
export class ArtworkService {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  /** Decodes, checks and resizes base64 artwork; throws the spec's message when it is not acceptable. */
  async prepare(base64: string): Promise<PreparedArtwork> {
    const data = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(data)) throw invalid();
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > ARTWORK_MAX_BYTES) {
      const message = TRACK_MSG.artworkTooLarge(bytes.length / (1024 * 1024), ARTWORK_MAX_BYTES / (1024 * 1024));
      throw ApiError.badRequest('Artwork', message, { artwork_data: message });
    }
    // file-type is ESM-only; a dynamic import keeps this CommonJS build able to load it.
    const { fileTypeFromBuffer } = await import('file-type');
    const format = FORMATS[(await fileTypeFromBuffer(bytes))?.ext ?? ''];
    if (!format) throw invalid();
    try {
      const image = sharp(bytes, { animated: format.ext === 'gif' || format.ext === 'webp' })
        .rotate()
        .resize(ARTWORK_STORED_PX, ARTWORK_STORED_PX, { fit: 'cover', withoutEnlargement: true });
      const resized = await image.toFormat(format.ext === 'jpg' ? 'jpeg' : (format.ext as 'png' | 'gif' | 'webp')).toBuffer();
      return { bytes: resized, ...format };
    } catch {
      // The magic number matched but the image does not decode (cut short or corrupt).
      throw invalid();
    }
  }

  async store(userId: string, artwork: PreparedArtwork): Promise<TrackArtworkRef> {
    const key = `artwork/${userId}/${randomUUID()}.${artwork.ext}`;
    await this.platform.storage.put(key, artwork.bytes, { contentType: artwork.mimetype, contentLength: artwork.bytes.length });
    return { key, mimetype: artwork.mimetype };
  }

  /** Best effort: an object left behind costs storage, never correctness. */
  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.platform.storage.delete(key).catch((error: unknown) => this.platform.logger.warn({ err: error, key }, 'artwork delete failed'));
  }

  /** The artwork URL of a track: its stored image, signed, or the generated pixel artwork. */
  async urlOf(track: { id: number; artwork_key: string | null; artwork_mimetype: string | null }): Promise<string> {
    if (!track.artwork_key) return `${this.platform.config.publicUrl}/v1/tracks/${track.id}/artwork.svg`;
    return this.platform.storage.signDownload(track.artwork_key, {
      expiresInSeconds: secondsUntilDayAfterTomorrow(), contentType: track.artwork_mimetype ?? undefined,
    });
  }
}
