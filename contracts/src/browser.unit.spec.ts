import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as browser from './browser';
import * as full from './index';

const SERVER_ONLY = ['class-validator', 'class-transformer', 'reflect-metadata'];

/** Every module the browser entry reaches, following relative imports and exports. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g)) {
    if (specifier?.startsWith('.')) reachable(join(dirname(file), `${specifier}.ts`), seen);
    else if (specifier) seen.add(`package:${specifier}`);
  }
  return seen;
}

describe('the browser entry of contracts', () => {
  it('reaches no validation library and no reflect-metadata, so the web bundle carries none', () => {
    const modules = [...reachable(join(__dirname, 'browser.ts'))];
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.filter((m) => SERVER_ONLY.some((name) => m === `package:${name}`))).toEqual([]);
  });

  it('leaves nothing of the browser-safe surface out of the full entry the server uses', () => {
    expect(Object.keys(full)).toEqual(expect.arrayContaining(Object.keys(browser)));
  });
});
