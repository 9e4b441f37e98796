import { encodePeaks } from '@stardeck/contracts/browser';
import { describe, expect, it } from 'vitest';
import { waveformChannels } from './waveform';

describe('waveform peaks', () => {
  it('splits packed min/max pairs into the top and bottom outlines', () => {
    const [top, bottom] = waveformChannels(encodePeaks([-0.2, 0.4, -1, 1]));
    expect([...top]).toEqual([expect.closeTo(0.4, 2), 1]);
    expect([...bottom]).toEqual([expect.closeTo(-0.2, 2), -1]);
  });

  it('has nothing to draw before a track is transcoded', () => {
    expect(waveformChannels('')[0].length).toBe(0);
  });
});
