import { pixelArtworkSvg } from '@stardeck/contracts/browser';

/**
 * A track's artwork: the uploaded image, or (spec §1) the pixel pattern generated from its id by
 * the same contracts function the server uses, drawn here without a request.
 */
export function artworkSrc(track: { id: number; artwork: string; has_artwork: boolean }): string {
  return track.has_artwork ? track.artwork : `data:image/svg+xml,${encodeURIComponent(pixelArtworkSvg(track.id))}`;
}
