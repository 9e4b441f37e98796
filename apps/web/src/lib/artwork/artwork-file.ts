import { ARTWORK_FORMATS, ARTWORK_MAX_BYTES, TRACK_MSG } from '@stardeck/contracts/browser';

/** Artwork as the API takes it on tracks and collections alike: base64 with its type and name. */
export interface ArtworkFields {
  artwork_data: string;
  artwork_mimetype: string;
  artwork_filename: string;
}

/** A chosen image, ready to send, with a data URL to preview it. */
export type ChosenArtwork = ArtworkFields & { preview: string };

const MB = 1024 * 1024;

/** Spec §5 artwork checks, before anything is sent: format, then size. */
export function checkArtwork(file: Pick<File, 'type' | 'size'>): string | null {
  const format = file.type.replace(/^image\//, '').replace('jpg', 'jpeg');
  if (!file.type.startsWith('image/') || !(ARTWORK_FORMATS as readonly string[]).includes(format)) return TRACK_MSG.artworkInvalid;
  if (file.size > ARTWORK_MAX_BYTES) return TRACK_MSG.artworkTooLarge(file.size / MB, ARTWORK_MAX_BYTES / MB);
  return null;
}

export function readArtwork(file: File): Promise<ChosenArtwork> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('could not read the image'));
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ artwork_data: url.slice(url.indexOf(',') + 1), artwork_mimetype: file.type, artwork_filename: file.name, preview: url });
    };
    reader.readAsDataURL(file);
  });
}

/** The fields to send for a chosen image (the preview stays here). */
export function artworkBody(artwork: ChosenArtwork | null): Partial<ArtworkFields> {
  return artwork ? { artwork_data: artwork.artwork_data, artwork_mimetype: artwork.artwork_mimetype, artwork_filename: artwork.artwork_filename } : {};
}
