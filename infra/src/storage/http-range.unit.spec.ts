import { describe, expect, it } from 'vitest';
import { attachmentDisposition, parseRange } from './http-range';

describe('parseRange', () => {
  const size = 1_000;
  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=500-599', 500, 599],
    ['bytes=100-', 100, 999],
    ['bytes=-100', 900, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=900-5000', 900, 999],
  ])('%s is bytes %i to %i', (header, start, end) => {
    expect(parseRange(header, size)).toEqual({ kind: 'range', range: { start, end } });
  });

  it.each(['bytes=1000-', 'bytes=2000-3000', 'bytes=-0'])('%s cannot be satisfied', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it('cannot satisfy any range of an empty object', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b'])('serves the whole object for %j', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'whole' });
  });
});

describe('attachmentDisposition', () => {
  it('gives old clients an ASCII name and new ones the exact UTF-8 name', () => {
    expect(attachmentDisposition('Späti "mix".mp3')).toBe(`attachment; filename="Sp_ti _mix_.mp3"; filename*=UTF-8''Sp%C3%A4ti%20%22mix%22.mp3`);
  });
});
