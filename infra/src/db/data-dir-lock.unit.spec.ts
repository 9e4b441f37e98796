import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, claimDataDir } from './data-dir-lock';

const dir = () => mkdtempSync(join(tmpdir(), 'stardeck-datadir-'));

describe('claiming the embedded data directory', () => {
  it('refuses a directory a live process holds, naming it and what to do instead', () => {
    const dataDir = dir();
    writeFileSync(join(dataDir, 'stardeck.pid'), String(process.ppid));
    expect(() => claimDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => claimDataDir(dataDir)).toThrow(`process ${process.ppid}`);
  });

  it('takes over from a process that died, and gives the directory back on release', () => {
    const dataDir = dir();
    writeFileSync(join(dataDir, 'stardeck.pid'), '4194303');
    const release = claimDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'stardeck.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dataDir, 'stardeck.pid'))).toBe(false);
  });
});
