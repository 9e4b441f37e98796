import { proxy } from 'valtio';

export interface LightboxImage {
  src: string;
  alt: string;
}

/** Spec §2: one global lightbox shows an avatar or artwork large; Escape closes it. */
export const lightbox = proxy<{ image: LightboxImage | null }>({ image: null });

export function openLightbox(image: LightboxImage): void {
  lightbox.image = image;
}

export function closeLightbox(): void {
  lightbox.image = null;
}

export function reset(): void {
  lightbox.image = null;
}
