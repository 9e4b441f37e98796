import { displayName, pixelArtworkSvg } from '@stardeck/contracts/browser';
import { ZoomableImage } from '../../../components/ui/zoomable-image';

/** A member's avatar, or the pixel pattern of their id when they have none; opens the lightbox. */
export function Avatar({ user, size }: { user: { id: string; username: string; display_name: string | null; avatar: string | null }; size: number }) {
  const src = user.avatar ?? `data:image/svg+xml,${encodeURIComponent(pixelArtworkSvg(user.id))}`;
  return <ZoomableImage className="avatar" src={src} alt={`${displayName(user)}'s avatar`} size={size} />;
}
