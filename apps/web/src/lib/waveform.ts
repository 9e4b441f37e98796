import { peaksForDrawing } from '@stardeck/contracts/browser';

/**
 * The one place a packed waveform (a track view's `analysis.peaks`, or the full one from
 * GET /v1/tracks/{id}/peaks) becomes something to draw; contracts' peaks.ts describes the packing.
 * Two channels: the top outline (each pair's max) and the bottom one (each pair's min), as
 * wavesurfer.js takes them (it draws channel 0 above the middle and channel 1 below).
 */
export function waveformChannels(encoded: string): [Float32Array, Float32Array] {
  const values = peaksForDrawing(encoded);
  const pairs = Math.floor(values.length / 2);
  const top = new Float32Array(pairs);
  const bottom = new Float32Array(pairs);
  for (let i = 0; i < pairs; i++) {
    bottom[i] = values[2 * i]!;
    top[i] = values[2 * i + 1]!;
  }
  return [top, bottom];
}

/** Spec §2: the footer waveform is 128 px high, 60 at 768 px wide or less, 48 at 480 px or less. */
export function playerWaveformHeight(viewportWidth: number): number {
  if (viewportWidth <= 480) return 48;
  if (viewportWidth <= 768) return 60;
  return 128;
}
