import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { closeLightbox, lightbox } from '../../lib/lightbox/store';
import { useReturnFocus } from '../../hooks/use-return-focus';
import { trapTab, useEscapeLayer } from './layers';

/** Spec §2: the global image lightbox. Escape, a click or its close button closes it. */
export function Lightbox() {
  const { image } = useSnapshot(lightbox);
  useReturnFocus(image ? image.src : null);
  if (!image) return null;
  return <LightboxView src={image.src} alt={image.alt} />;
}

function LightboxView({ src, alt }: { src: string; alt: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEscapeLayer(closeLightbox);
  useEffect(() => ref.current?.querySelector<HTMLElement>('button')?.focus(), []);
  return (
    <div
      ref={ref}
      className="lightbox"
      data-overlay
      role="dialog"
      aria-modal="true"
      aria-label={`Image: ${alt}`}
      onClick={closeLightbox}
      onKeyDown={(event) => ref.current && trapTab(event, ref.current)}
    >
      <img className="lightbox__image" src={src} alt={alt} />
      <button type="button" className="lightbox__close" onClick={closeLightbox}>
        [x] close
      </button>
    </div>
  );
}
