import { encodePeaks } from '@stardeck/contracts/browser';
import { describe, expect, it } from 'vitest';
import { playerWaveformHeight, waveformChannels } from './waveform';

describe('waveform peaks', () => {
  it('splits packed min/max pairs into the top and bottom outlines', () => {
    const [top, bottom] = waveformChannels(encodePeaks([-0.2, 0.4, -1, 1]));
    expect([...top]).toEqual([expect.closeTo(0.4, 2), 1]);
    expect([...bottom]).toEqual([expect.closeTo(-0.2, 2), -1]);
  });

  it('has nothing to draw before a track is transcoded', () => {
    expect(waveformChannels('')[0].length).toBe(0);
  });

  it('sizes the footer waveform by viewport width', () => {
    expect(playerWaveformHeight(1280)).toBe(128);
    expect(playerWaveformHeight(768)).toBe(60);
    expect(playerWaveformHeight(480)).toBe(48);
  });
});
