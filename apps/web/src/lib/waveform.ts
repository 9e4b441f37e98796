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

/**
 * The footer waveform's height in the compact bar (at most 96 px high on a laptop, so the
 * waveform gives up the spec's 128 px). On a phone the bar keeps one line and hides it.
 */
export const PLAYER_WAVEFORM_HEIGHT = 40;
