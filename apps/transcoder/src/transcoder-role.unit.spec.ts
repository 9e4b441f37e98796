import { describe, expect, it } from 'vitest';
import { transcoderConcurrency } from './transcoder-role';

describe('TRANSCODER_CONCURRENCY', () => {
  it('defaults to one job at a time and accepts 1 to 64', () => {
    expect(transcoderConcurrency({})).toBe(1);
    expect(transcoderConcurrency({ TRANSCODER_CONCURRENCY: '4' })).toBe(4);
  });

  it('refuses anything else with a plain sentence instead of silently using 1', () => {
    for (const bad of ['0', 'two', '1.5', '65']) {
      expect(() => transcoderConcurrency({ TRANSCODER_CONCURRENCY: bad })).toThrow(`TRANSCODER_CONCURRENCY must be a whole number from 1 to 64 (got "${bad}")`);
    }
  });
});
