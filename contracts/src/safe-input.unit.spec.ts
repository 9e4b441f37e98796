import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, MAX_WHOLE_NUMBER, checkSafeBody, checkSafeInput } from './safe-input';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
}

describe('checkSafeInput', () => {
  it('accepts ordinary text, emoji (a surrogate pair), numbers and shallow structures', () => {
    expect(checkSafeInput({ title: 'Nachtflug 🌙 über Berlin', tags: ['ambient', 'drone'], limit: 20, ratio: 0.5 })).toBeNull();
    expect(checkSafeInput({ offset: MAX_WHOLE_NUMBER, below: -MAX_WHOLE_NUMBER })).toBeNull();
    expect(checkSafeInput(nested(MAX_INPUT_DEPTH))).toBeNull();
  });

  it('names the field holding a NUL character, inside lists too', () => {
    expect(checkSafeInput({ email: 'a\u0000@b.test' })).toEqual({ field: 'email', message: 'email must not contain the NUL character' });
    expect(checkSafeInput({ title: 'ok', tags: ['fine', 'bad\u0000'] })?.field).toBe('tags.1');
  });

  it('refuses half of a surrogate pair, high or low, in values and in keys', () => {
    expect(checkSafeInput({ title: 'a\ud800b' })?.message).toBe('title must be valid Unicode text (it holds half of a surrogate pair)');
    expect(checkSafeInput({ title: '\udc00' })?.field).toBe('title');
    expect(checkSafeInput({ 'key\ud800': 1 })?.message).toMatch(/^A key must be valid Unicode text/);
    expect(checkSafeInput({ meta: { 'k\u0000': 1 } })?.message).toBe('A key in meta must not contain the NUL character');
  });

  it('refuses numbers that are not exact: 2^53 and past it, and infinities', () => {
    expect(checkSafeInput({ track_id: 2 ** 53 })?.field).toBe('track_id');
    expect(checkSafeInput(JSON.parse('{"exclude_ids":[1,9007199254740993]}'))?.field).toBe('exclude_ids.1');
    expect(checkSafeInput({ offset: -(2 ** 60) })?.field).toBe('offset');
    expect(checkSafeInput({ position: Number.POSITIVE_INFINITY })?.field).toBe('position');
  });

  it('reads whole-number text from a URL as the number it stands for', () => {
    const query = Object.assign(Object.create(null) as object, { offset: '9007199254740992', search: 'drone' });
    expect(checkSafeInput(query, '', { fromUrl: true })?.field).toBe('offset');
    expect(checkSafeInput(query)).toBeNull();
    expect(checkSafeInput('99999999999999999999', 'id', { fromUrl: true })?.message).toBe(`id must be a number between -${MAX_WHOLE_NUMBER} and ${MAX_WHOLE_NUMBER}`);
    expect(checkSafeInput({ search: 'track 2024' }, '', { fromUrl: true })).toBeNull();
  });

  it('stops at the depth limit without walking the rest, however deep the input', () => {
    expect(checkSafeInput(nested(MAX_INPUT_DEPTH + 1))).toEqual({ field: '', message: `The request nests more than ${MAX_INPUT_DEPTH} levels deep` });
    expect(checkSafeInput(nested(200_000))?.message).toMatch(/nests more than/);
  });

  it('reports the first field of the input first', () => {
    expect(checkSafeInput({ email: 'a\u0000', title: 'b\u0000' })?.field).toBe('email');
  });
});

describe('checkSafeBody', () => {
  it('wants a JSON object: arrays, strings, numbers and null are refused', () => {
    for (const body of [[{ email: 'a@b.test' }], [], 'text', 42, null]) {
      expect(checkSafeBody(body)).toEqual({ field: '', message: 'The request body must be a JSON object' });
    }
    expect(checkSafeBody({ email: 'a@b.test' })).toBeNull();
    expect(checkSafeBody({ email: 'a\u0000' })?.field).toBe('email');
  });
});
