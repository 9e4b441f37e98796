/**
 * Waveform peaks travel as flat min/max pairs (min0, max0, min1, max1, … in -1..1). Lists show
 * small waveforms, so they get fewer pairs; merging keeps each bucket's extremes, so the outline
 * a person sees is the same, only coarser.
 */
export const LIST_PEAK_PAIRS = 400;

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
