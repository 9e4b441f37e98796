import { encodePeaks } from '@stardeck/contracts';
import { describe, expect, it } from 'vitest';
import { waveformPath } from './embed-page';

describe('the embedded waveform', () => {
  it('draws one stroke per pair, from the loudest point down to the quietest', () => {
    const { d, width } = waveformPath(encodePeaks([-1, 1, -0.5, 0.5]));
    expect(width).toBe(2);
    // ±0.5 is stored as ±64/127 (8-bit peaks), so its stroke reaches a little past the quarter lines.
    expect(d).toBe('M0.5 0.0V100.0M1.5 24.8V75.2');
  });

  it('keeps a hairline for silence and draws nothing for a track not yet transcoded', () => {
    expect(waveformPath(encodePeaks([0, 0])).d).toBe('M0.5 50.0V50.5');
    expect(waveformPath('')).toEqual({ d: '', width: 1 });
  });
});
