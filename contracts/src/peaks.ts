/**
 * Waveforms, as the API ships them.
 *
 * The transcoder measures 1800 min/max pairs per track (min0, max0, min1, max1, … in -1..1); the
 * TrackTranscoded event keeps them as floats. Read models and responses carry them quantised to
 * 8 bits and packed: each value v becomes the signed byte round(v × 127), and the bytes travel as
 * one base64 string. That is what audio players ship (BBC audiowaveform's 8-bit format); no
 * screen shows a finer step than 1/127 of half a waveform's height.
 *
 * Two resolutions, so a list never carries more than a card draws:
 * - `analysis.peaks` on every track view: LIST_PEAK_PAIRS pairs (2 × 400 bytes, 1068 characters),
 *   enough for a list card's waveform, drawn without another request.
 * - `analysis.peaks_url` (GET /v1/tracks/{id}/peaks): every pair, for the player's wide
 *   waveform. A track's waveform never changes once transcoded, so the answer carries an ETag
 *   and `Cache-Control: immutable`: each client fetches it once.
 *
 * Draw either with `peaksForDrawing(encoded)`: the pairs as floats in -1..1, min then max.
 */
export const LIST_PEAK_PAIRS = 400;

/** The quantisation step: a value v in -1..1 is stored as round(v × PEAK_SCALE). */
export const PEAK_SCALE = 127;

/** Merges neighbouring pairs down to `pairs`, keeping each bucket's extremes: the outline stays, only coarser. */
export function downsamplePeaks(data: readonly number[], pairs: number): number[] {
  const have = Math.floor(data.length / 2);
  if (have <= pairs) return data.slice(0, have * 2);
  const out: number[] = new Array(pairs * 2);
  for (let i = 0; i < pairs; i++) {
    const from = Math.floor((i * have) / pairs);
    const to = Math.floor(((i + 1) * have) / pairs);
    let min = Infinity;
    let max = -Infinity;
    for (let j = from; j < to; j++) {
      min = Math.min(min, data[2 * j]!);
      max = Math.max(max, data[2 * j + 1]!);
    }
    out[2 * i] = min;
    out[2 * i + 1] = max;
  }
  return out;
}

/** Floats in -1..1 (out of range clamped, anything not finite taken as silence) to the packed 8-bit string. */
export function encodePeaks(data: readonly number[]): string {
  let binary = '';
  for (const value of data) {
    const clamped = Number.isFinite(value) ? Math.max(-1, Math.min(1, value)) : 0;
    // Halves round away from zero, so a symmetric waveform stays symmetric.
    const quantised = Math.sign(clamped) * Math.round(Math.abs(clamped) * PEAK_SCALE);
    // The signed byte as 0..255 (two's complement), one character per byte for btoa.
    binary += String.fromCharCode(quantised & 0xff);
  }
  return btoa(binary);
}

/**
 * A packed waveform (`analysis.peaks` or the peaks URL's `peaks`) as floats in -1..1: min0, max0,
 * min1, max1, … An empty string (no waveform yet) gives an empty list.
 */
export function peaksForDrawing(encoded: string): number[] {
  const binary = atob(encoded);
  const out: number[] = new Array(binary.length);
  for (let i = 0; i < binary.length; i++) {
    const byte = binary.charCodeAt(i);
    out[i] = (byte > 127 ? byte - 256 : byte) / PEAK_SCALE;
  }
  return out;
}

/** Both resolutions of a transcoded waveform, packed: what the tracks read model stores. */
export function packWaveform(data: readonly number[]): { peaks: string; list_peaks: string } {
  return { peaks: encodePeaks(data), list_peaks: encodePeaks(downsamplePeaks(data, LIST_PEAK_PAIRS)) };
}
