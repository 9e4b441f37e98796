/** Spec §9: waveforms are drawn from audio at 8000 samples per second. */
export const PEAKS_SAMPLE_RATE = 8000;
/** Min/max pairs per track: enough for a full-width waveform on a wide screen. */
export const PEAKS_PAIRS = 1800;
/**
 * Fine buckets kept while streaming: when they fill up, neighbours merge and each bucket covers
 * twice the samples. Any length of audio fits in fixed memory, and each output pair still spans
 * at least 8 fine buckets, so pair edges are off by at most an eighth of a pair.
 */
const MAX_FINE_BUCKETS = PEAKS_PAIRS * 16;

/** The stored waveform, in the JSON layout of BBC audiowaveform (floats instead of integers). */
export interface Peaks {
  version: 2;
  channels: 1;
  sample_rate: number;
  samples_per_pixel: number;
  /** Number of min/max pairs. */
  length: number;
  /** min0, max0, min1, max1, … each in -1..1. */
  data: number[];
}

/**
 * Collects min/max of mono float PCM as it streams out of ffmpeg, without knowing its length in
 * advance and in fixed memory (about 230 KB whatever the duration).
 */
export class PeakAccumulator {
  private readonly mins = new Float32Array(MAX_FINE_BUCKETS);
  private readonly maxs = new Float32Array(MAX_FINE_BUCKETS);
  private bucketSize = 1;
  private buckets = 0;
  private samples = 0;
  private carry = Buffer.alloc(0);

  /** Raw little-endian 32-bit float samples; chunks may split a sample. */
  push(chunk: Buffer): void {
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    for (let offset = 0; offset < whole; offset += 4) this.add(bytes.readFloatLE(offset));
    this.carry = Buffer.from(bytes.subarray(whole));
  }

  get sampleCount(): number {
    return this.samples;
  }

  /** Exactly `pairs` min/max pairs; audio shorter than that repeats its few values. */
  result(pairs = PEAKS_PAIRS): Peaks {
    const fine = this.buckets;
    const data: number[] = [];
    for (let i = 0; i < pairs; i++) {
      if (fine === 0) {
        data.push(0, 0);
        continue;
      }
      const from = Math.floor((i * fine) / pairs);
      const to = Math.max(from + 1, Math.floor(((i + 1) * fine) / pairs));
      let min = 1;
      let max = -1;
      for (let b = from; b < to; b++) {
        min = Math.min(min, this.mins[b]!);
        max = Math.max(max, this.maxs[b]!);
      }
      data.push(round(min), round(max));
    }
    return {
      version: 2,
      channels: 1,
      sample_rate: PEAKS_SAMPLE_RATE,
      samples_per_pixel: Math.round(this.samples / pairs),
      length: pairs,
      data,
    };
  }

  private add(raw: number): void {
    const value = Number.isFinite(raw) ? Math.max(-1, Math.min(1, raw)) : 0;
    if (this.samples % this.bucketSize === 0) {
      if (this.buckets === MAX_FINE_BUCKETS) this.halve();
      this.mins[this.buckets] = value;
      this.maxs[this.buckets] = value;
      this.buckets++;
    } else {
      const last = this.buckets - 1;
      if (value < this.mins[last]!) this.mins[last] = value;
      if (value > this.maxs[last]!) this.maxs[last] = value;
    }
    this.samples++;
  }

  private halve(): void {
    for (let i = 0; i < this.buckets / 2; i++) {
      this.mins[i] = Math.min(this.mins[2 * i]!, this.mins[2 * i + 1]!);
      this.maxs[i] = Math.max(this.maxs[2 * i]!, this.maxs[2 * i + 1]!);
    }
    this.buckets /= 2;
    this.bucketSize *= 2;
  }
}

/** Four decimals: finer than any screen shows, and about a third of the JSON of full floats. */
const round = (value: number) => Math.round(value * 10_000) / 10_000 || 0;
