import { Injectable } from '@nestjs/common';
import { ARTWORK_MAX_BYTES, TRACK_MSG, type TrackArtworkRef } from '@stardeck/contracts';
import { storageKeys } from '@stardeck/domain';
import { ApiError } from '../common/api-error';
import { ImageService, type ImageRules, type PreparedImage } from '../images';

/** Stored artwork is at most this many pixels a side: sharp on a 2× screen, small to serve. */
export const ARTWORK_STORED_PX = 600;

const ARTWORK: ImageRules = {
  maxBytes: ARTWORK_MAX_BYTES, width: ARTWORK_STORED_PX, height: ARTWORK_STORED_PX, title: 'Artwork', field: 'artwork_data',
};

export type PreparedArtwork = PreparedImage;

/**
 * Track artwork (spec §5): sent as base64 in the track form, at most 1 MB, checked and stored
 * by the image service. A track without artwork shows the generated pixel artwork instead.
 */
@Injectable()
export class ArtworkService {
  constructor(
    private readonly images: ImageService,
  ) {}

  /** Decodes, checks and resizes base64 artwork; throws the spec's message when it is not acceptable. */
  async prepare(base64: string): Promise<PreparedArtwork> {
    const data = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(data)) throw ApiError.badRequest(ARTWORK.title, TRACK_MSG.artworkInvalid, { artwork_data: TRACK_MSG.artworkInvalid });
    return this.images.prepare(Buffer.from(data, 'base64'), ARTWORK);
  }

  async store(userId: string, artwork: PreparedArtwork): Promise<TrackArtworkRef> {
    const key = storageKeys.artwork(userId, artwork.ext);
    await this.images.store(key, artwork);
    return { key, mimetype: artwork.mimetype };
  }

  remove(key: string | null | undefined): Promise<void> {
    return this.images.remove(key);
  }

  /**
   * The artwork URL of a track: its stored image, signed, or the generated pixel artwork, a path
   * on the API's own origin (like local storage's URLs) so it loads under any name the site has.
   */
  async urlOf(track: { id: number; artwork_key: string | null; artwork_mimetype: string | null }): Promise<string> {
    if (!track.artwork_key) return `/v1/tracks/${track.id}/artwork.svg`;
    return this.images.urlOf(track.artwork_key, track.artwork_mimetype);
  }

  /** A stored image's URL, signed until the end of the next UTC day (collections' artwork too). */
  signedUrlOf(key: string, mimetype: string | null): Promise<string> {
    return this.images.urlOf(key, mimetype);
  }
}
