import { Injectable } from '@nestjs/common';
import { TRACK_MSG } from '@stardeck/contracts';
import type { Logger, ObjectStorage } from '@stardeck/infra';
import sharp from 'sharp';
import { ApiError } from '../common/api-error';
import { InjectLogger, InjectStorage } from '../platform/tokens';

/** What one kind of uploaded image may be, and how it is stored. */
export interface ImageRules {
  maxBytes: number;
  /** Stored at most this size, cropped to fill it. */
  width: number;
  height: number;
  /** The title of a refusal, and the form field its message belongs to. */
  title: string;
  field: string;
}

export interface PreparedImage {
  bytes: Buffer;
  ext: string;
  mimetype: string;
}

/**
 * Decoding work grows with pixels, not bytes: a few kilobytes of PNG can claim a gigapixel. The
 * header is read first and anything larger (all frames of an animation together) is refused
 * before a pixel is decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const FORMATS: Record<string, { ext: string; mimetype: string }> = {
  jpg: { ext: 'jpg', mimetype: 'image/jpeg' },
  png: { ext: 'png', mimetype: 'image/png' },
  gif: { ext: 'gif', mimetype: 'image/gif' },
  webp: { ext: 'webp', mimetype: 'image/webp' },
};

const MB = 1024 * 1024;

/**
 * Image URLs are signed and expire at the end of the next UTC day: every page in between gets the
 * same URL, so browsers cache the image, yet no URL works for ever.
 */
const DAY_SECONDS = 24 * 3600;
function secondsUntilDayAfterTomorrow(): number {
  const now = Math.floor(Date.now() / 1000);
  return (Math.floor(now / DAY_SECONDS) + 2) * DAY_SECONDS - now;
}

/**
 * Uploaded images (track artwork, avatars, banners), spec §5: jpeg, png, gif or webp judged by
 * the bytes themselves (never SVG), within a size limit, stored resized.
 */
@Injectable()
export class ImageService {
  constructor(
    @InjectStorage() private readonly storage: ObjectStorage,
    @InjectLogger() private readonly logger: Logger,
  ) {}

  invalid(rules: ImageRules): ApiError {
    return ApiError.badRequest(rules.title, TRACK_MSG.artworkInvalid, { [rules.field]: TRACK_MSG.artworkInvalid });
  }

  /** 'Artwork too large (X MB). Maximum size is N MB.', naming the size that was sent. */
  tooLarge(rules: ImageRules, bytes: number): ApiError {
    const message = TRACK_MSG.artworkTooLarge(bytes / MB, rules.maxBytes / MB);
    return ApiError.badRequest(rules.title, message, { [rules.field]: message });
  }

  /** Checks and resizes an uploaded image; throws the spec's message when it is not acceptable. */
  async prepare(bytes: Buffer, rules: ImageRules): Promise<PreparedImage> {
    if (bytes.length > rules.maxBytes) throw this.tooLarge(rules, bytes.length);
    // file-type is ESM-only; a dynamic import keeps this CommonJS build able to load it.
    const { fileTypeFromBuffer } = await import('file-type');
    const format = FORMATS[(await fileTypeFromBuffer(bytes))?.ext ?? ''];
    if (!format) throw this.invalid(rules);
    const animated = format.ext === 'gif' || format.ext === 'webp';
    const header = await sharp(bytes).metadata().catch(() => null);
    if (!header?.width || !header.height) throw this.invalid(rules);
    // An animation decodes every frame: the pixels of all of them count.
    const pixels = header.width * (header.pageHeight ?? header.height) * (animated ? header.pages ?? 1 : 1);
    if (pixels > MAX_IMAGE_PIXELS) {
      const message = TRACK_MSG.artworkTooManyPixels(MAX_IMAGE_PIXELS / 1_000_000);
      throw ApiError.badRequest(rules.title, message, { [rules.field]: message });
    }
    try {
      const resized = await sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(rules.width, rules.height, { fit: 'cover', withoutEnlargement: true })
        .toFormat(format.ext === 'jpg' ? 'jpeg' : (format.ext as 'png' | 'gif' | 'webp'))
        .toBuffer();
      return { bytes: resized, ...format };
    } catch {
      // The header looked right but the image does not decode (cut short or corrupt).
      throw this.invalid(rules);
    }
  }

  async store(key: string, image: PreparedImage): Promise<void> {
    await this.storage.put(key, image.bytes, { contentType: image.mimetype, contentLength: image.bytes.length });
  }

  /** Best effort: an object left behind costs storage, never correctness. */
  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await this.storage.delete(key).catch((error: unknown) => this.logger.warn({ err: error, key }, 'image delete failed'));
  }

  /** A cacheable signed URL of a stored image. */
  urlOf(key: string, mimetype: string | null): Promise<string> {
    return this.storage.signDownload(key, { expiresInSeconds: secondsUntilDayAfterTomorrow(), contentType: mimetype ?? undefined });
  }
}
