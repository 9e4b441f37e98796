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
