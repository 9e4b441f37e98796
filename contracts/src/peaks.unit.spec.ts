import { describe, expect, it } from 'vitest';
import { LIST_PEAK_PAIRS, downsamplePeaks, encodePeaks, packWaveform, peaksForDrawing } from './peaks';

describe('downsamplePeaks', () => {
  it('merges neighbouring pairs, keeping each bucket\'s lowest min and highest max', () => {
    const data = [-0.1, 0.2, -0.5, 0.1, -0.2, 0.9, -0.3, 0.3];
    expect(downsamplePeaks(data, 2)).toEqual([-0.5, 0.2, -0.3, 0.9]);
  });

  it('keeps the loudest moment of a long waveform when shrinking it', () => {
    const data = Array.from({ length: 1800 }, (_, i) => (i === 1234 ? [-1, 1] : [-0.01, 0.01])).flat();
    const small = downsamplePeaks(data, 400);
    expect(small).toHaveLength(800);
    expect(Math.max(...small)).toBe(1);
    expect(Math.min(...small)).toBe(-1);
    expect(small.filter((v) => v === 1)).toHaveLength(1);
  });

  it('leaves a waveform that is already small enough as it is', () => {
    expect(downsamplePeaks([-0.1, 0.1, -0.2, 0.2], 400)).toEqual([-0.1, 0.1, -0.2, 0.2]);
    expect(downsamplePeaks([], 400)).toEqual([]);
  });
});

describe('packed 8-bit waveforms', () => {
  it('draws every value within half a step (1/254) of what the transcoder measured', () => {
    const data = Array.from({ length: 3600 }, (_, i) => Math.sin(i / 7) * (i % 2 === 0 ? -1 : 1) * 0.93);
    const drawn = peaksForDrawing(encodePeaks(data));
    expect(drawn).toHaveLength(data.length);
    for (let i = 0; i < data.length; i++) expect(Math.abs(drawn[i]! - data[i]!)).toBeLessThanOrEqual(1 / 254 + 1e-9);
  });

  it('keeps full scale, silence and the sign exactly, and clamps what is out of range', () => {
    expect(peaksForDrawing(encodePeaks([-1, 1, 0, 0, -2, 3, Number.NaN, 0.5]))).toEqual([-1, 1, 0, 0, -1, 1, 0, 64 / 127]);
  });

  it('ships a list card its waveform in one byte a value: 400 pairs in 1068 characters', () => {
    const full = Array.from({ length: 3600 }, (_, i) => (i % 2 === 0 ? -0.4 : 0.4));
    const { peaks, list_peaks } = packWaveform(full);
    expect(peaksForDrawing(peaks)).toHaveLength(3600);
    expect(peaksForDrawing(list_peaks)).toHaveLength(LIST_PEAK_PAIRS * 2);
    expect(list_peaks).toHaveLength(1068);
    expect(list_peaks).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('has nothing to draw before a track is transcoded', () => {
    expect(peaksForDrawing('')).toEqual([]);
    expect(encodePeaks([])).toBe('');
  });
});
