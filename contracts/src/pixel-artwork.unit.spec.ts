import { describe, expect, it } from 'vitest';
import { PIXEL_PALETTES, pixelArtwork, pixelArtworkSvg } from './pixel-artwork';

describe('generated pixel artwork', () => {
  it('draws the same picture for the same track, every time', () => {
    expect(pixelArtwork('track-42')).toEqual(pixelArtwork('track-42'));
    expect(pixelArtworkSvg(42)).toBe(pixelArtworkSvg('42'));
  });

  it('is 192 px with a 4 to 16 cell grid, mirrored left to right', () => {
    for (let id = 1; id <= 300; id++) {
      const art = pixelArtwork(id);
      expect(art.size).toBe(192);
      expect(art.grid).toBeGreaterThanOrEqual(4);
      expect(art.grid).toBeLessThanOrEqual(16);
      expect(art.cells).toHaveLength(art.grid);
      for (const row of art.cells) {
        expect(row).toHaveLength(art.grid);
        expect(row).toEqual([...row].reverse());
        for (const colour of row) expect(colour).toBeLessThan(art.palette.length);
      }
    }
  });

  it('uses all six palettes and every grid size across tracks, and tells tracks apart', () => {
    const palettes = new Set<readonly string[]>();
    const grids = new Set<number>();
    const pictures = new Set<string>();
    for (let id = 1; id <= 500; id++) {
      const art = pixelArtwork(id);
      palettes.add(art.palette);
      grids.add(art.grid);
      pictures.add(JSON.stringify(art.cells));
    }
    expect(palettes.size).toBe(PIXEL_PALETTES.length);
    expect(PIXEL_PALETTES).toHaveLength(6);
    expect(grids.size).toBe(13);
    expect(pictures.size).toBeGreaterThan(490);
  });

  it('renders as a 192 px SVG document with one rect per coloured cell', () => {
    const art = pixelArtwork('abc');
    const svg = pixelArtworkSvg('abc');
    expect(svg).toMatch(/^<svg [^>]*width="192" height="192"/);
    const coloured = art.cells.flat().filter((c) => c !== 0).length;
    expect(svg.match(/<rect /g)).toHaveLength(coloured + 1);
  });
});
