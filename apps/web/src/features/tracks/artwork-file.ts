import { ARTWORK_FORMATS, ARTWORK_MAX_BYTES, TRACK_MSG } from '@stardeck/contracts/browser';
import type { ArtworkFields } from './api/tracks';

const MB = 1024 * 1024;

/** Spec §5 artwork checks, before anything is sent: format, then size. */
export function checkArtwork(file: Pick<File, 'type' | 'size'>): string | null {
  const format = file.type.replace(/^image\//, '').replace('jpg', 'jpeg');
  if (!file.type.startsWith('image/') || !(ARTWORK_FORMATS as readonly string[]).includes(format)) return TRACK_MSG.artworkInvalid;
  if (file.size > ARTWORK_MAX_BYTES) return TRACK_MSG.artworkTooLarge(file.size / MB, ARTWORK_MAX_BYTES / MB);
  return null;
}

/** The artwork as the track form sends it: base64 with its type and name. */
export function readArtwork(file: File): Promise<ArtworkFields & { preview: string }> {
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
