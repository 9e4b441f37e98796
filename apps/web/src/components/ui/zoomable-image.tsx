import { openLightbox } from '../../lib/lightbox/store';

interface ZoomableImageProps {
  src: string;
  alt: string;
  className?: string;
  size?: number;
}

/** An avatar or artwork that opens the lightbox when clicked (spec §2); a button, so keys work too. */
export function ZoomableImage({ src, alt, className, size }: ZoomableImageProps) {
  return (
    <button type="button" className={`zoomable ${className ?? ''}`} onClick={() => openLightbox({ src, alt })} aria-label={`Enlarge ${alt}`}>
      <img src={src} alt="" width={size} height={size} />
    </button>
  );
}
