/** Spec §1: an animated starfield of 444 stars sits behind every page. */
export const STAR_COUNT = 444;

/** Position in viewport fractions [0, 1); depth (0, 1] sets size, brightness and speed. */
export interface Star {
  x: number;
  y: number;
  depth: number;
}

/** Viewport widths per second a nearest star travels. */
const DRIFT_SPEED = 0.012;

/**
 * How long to wait between redraws on a canvas `widthPx` device pixels wide: the time the nearest
 * star takes to cross one pixel. Stars sit on whole pixels, so drawing more often paints the same
 * picture again: at 60 frames a second a full-page canvas kept a core half busy on a page nobody
 * touched, for a sky that changes about fifteen times a second on a laptop screen.
 */
export function redrawIntervalMs(widthPx: number): number {
  return 1000 / Math.max(1, DRIFT_SPEED * widthPx);
}

export function createStars(count: number = STAR_COUNT, random: () => number = Math.random): Star[] {
  return Array.from({ length: count }, () => ({ x: random(), y: random(), depth: 0.15 + 0.85 * random() }));
}

/** Moves every star left by its depth-scaled speed, wrapping at the edge. Mutates in place: it runs every frame. */
export function driftStars(stars: Star[], seconds: number): void {
  for (const star of stars) {
    star.x -= DRIFT_SPEED * star.depth * seconds;
    if (star.x < 0) star.x += 1;
  }
}

export function drawStars(context: CanvasRenderingContext2D, stars: readonly Star[], width: number, height: number, pixelRatio: number): void {
  context.clearRect(0, 0, width, height);
  for (const star of stars) {
    const size = Math.max(1, Math.round(star.depth * 2 * pixelRatio));
    context.globalAlpha = 0.25 + 0.75 * star.depth;
    context.fillStyle = '#e6f1ff';
    context.fillRect(Math.floor(star.x * width), Math.floor(star.y * height), size, size);
  }
  context.globalAlpha = 1;
}
