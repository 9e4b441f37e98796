import { useEffect, useRef } from 'react';
import { STAR_COUNT, createStars, drawStars, driftStars, redrawIntervalMs } from '../../lib/starfield';

/** Longest step one frame may take, so a backgrounded tab does not make the stars jump. */
const MAX_FRAME_SECONDS = 0.1;

/** The decorative star canvas behind every page; still when the visitor prefers reduced motion. */
export function Starfield() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const stars = createStars();
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let pixelRatio = 1;
    let frame = 0;
    let previous: number | null = null;

    const draw = () => drawStars(context, stars, canvas.width, canvas.height, pixelRatio);
    const resize = () => {
      pixelRatio = window.devicePixelRatio || 1;
      canvas.width = Math.round(window.innerWidth * pixelRatio);
      canvas.height = Math.round(window.innerHeight * pixelRatio);
      draw();
    };
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      const interval = redrawIntervalMs(canvas.width);
      // Not yet a whole pixel of movement for any star: the canvas would not change.
      if (previous !== null && now - previous < interval) return;
      if (previous !== null) driftStars(stars, Math.min((now - previous) / 1000, Math.max(MAX_FRAME_SECONDS, (2 * interval) / 1000)));
      previous = now;
      draw();
    };
    const start = () => {
      cancelAnimationFrame(frame);
      previous = null;
      if (reducedMotion.matches) draw();
      else frame = requestAnimationFrame(tick);
    };

    resize();
    start();
    window.addEventListener('resize', resize);
    reducedMotion.addEventListener('change', start);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
      reducedMotion.removeEventListener('change', start);
    };
  }, []);

  return <canvas ref={canvasRef} className="starfield" aria-hidden="true" data-star-count={STAR_COUNT} />;
}
