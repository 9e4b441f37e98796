/**
 * The generated artwork of a track without one (spec §1): a pixel pattern derived from a hash of
 * the track id — 192 px square, one of 6 colour palettes, a grid of 4 to 16 cells a side. One
 * pure function, so the web client and the server draw exactly the same picture.
 */
export const PIXEL_ARTWORK_SIZE = 192;
export const PIXEL_GRID_MIN = 4;
export const PIXEL_GRID_MAX = 16;

/** Terminal-flavoured palettes; the first colour is the background. */
export const PIXEL_PALETTES: readonly (readonly string[])[] = [
  ['#0b0f0c', '#39ff14', '#1f8f0a', '#b6ffa8'], // phosphor green
  ['#0d0a02', '#ffb000', '#a66f00', '#ffe3a3'], // amber
  ['#02080f', '#00e5ff', '#00799e', '#b3f6ff'], // cyan
  ['#0f020c', '#ff2bd6', '#8f1679', '#ffc2f3'], // magenta
  ['#0a0a0f', '#c8c8ff', '#5c5cff', '#ffffff'], // ice
  ['#100503', '#ff5533', '#992a14', '#ffc4b3'], // ember
];

export interface PixelArtwork {
  size: number;
  grid: number;
  palette: readonly string[];
  /** cells[row][column] = palette index; left-right mirrored like an identicon. */
  cells: number[][];
}

/** FNV-1a, 32 bit: stable across platforms and cheap. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** mulberry32: a tiny seeded generator, so one hash yields a whole deterministic picture. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pixelArtwork(trackId: string | number): PixelArtwork {
  const hash = fnv1a(String(trackId));
  const next = seeded(hash);
  const palette = PIXEL_PALETTES[hash % PIXEL_PALETTES.length]!;
  const grid = PIXEL_GRID_MIN + Math.floor(next() * (PIXEL_GRID_MAX - PIXEL_GRID_MIN + 1));
  const half = Math.ceil(grid / 2);
  const cells: number[][] = [];
  for (let row = 0; row < grid; row++) {
    const left: number[] = [];
    for (let col = 0; col < half; col++) {
      // Background about half the time keeps the pattern readable at small sizes.
      left.push(next() < 0.5 ? 0 : 1 + Math.floor(next() * (palette.length - 1)));
    }
    const right = left.slice(0, grid - half).reverse();
    cells.push([...left, ...right]);
  }
  return { size: PIXEL_ARTWORK_SIZE, grid, palette, cells };
}

/** The picture as an SVG document (crisp cells at any display size). */
export function pixelArtworkSvg(trackId: string | number): string {
  const art = pixelArtwork(trackId);
  const rects: string[] = [];
  art.cells.forEach((row, y) =>
    row.forEach((colour, x) => {
      if (colour !== 0) rects.push(`<rect x="${x}" y="${y}" width="1" height="1" fill="${art.palette[colour]}"/>`);
    }),
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${art.size}" height="${art.size}" viewBox="0 0 ${art.grid} ${art.grid}" shape-rendering="crispEdges">` +
    `<rect width="${art.grid}" height="${art.grid}" fill="${art.palette[0]}"/>${rects.join('')}</svg>`
  );
}
