import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/**
 * Where npm would look for a dependency of the package at `path`: its own node_modules, then
 * each enclosing node_modules up to the root, as Node's resolution does.
 */
function isLocked(path: string, dependency: string): boolean {
  let folder = path;
  for (;;) {
    if (lock.packages[`${folder ? `${folder}/` : ''}node_modules/${dependency}`]) return true;
    if (!folder) return false;
    const parent = folder.lastIndexOf('/node_modules/');
    folder = parent < 0 ? '' : folder.slice(0, parent);
  }
}

/**
 * `npm ci` installs exactly what the lock file lists. An install made on one platform keeps only
 * that platform's native builds unless the lock already names the others, and `npm ci` on macOS
 * or ARM then fails to find its own (SWC, Rollup and the resolver behind the linter).
 */
describe('the lock file', () => {
  it('names every optional dependency of every locked package, for every platform', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, info]) =>
      Object.keys(info.optionalDependencies ?? {})
        .filter((dependency) => !isLocked(path, dependency))
        .map((dependency) => `${path || '(root)'} → ${dependency}`));
    expect(missing).toEqual([]);
  });
});
