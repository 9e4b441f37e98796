import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@stardeck/infra';
import { describe, expect, it } from 'vitest';
import { PasswordHasher } from './password-hasher';

// Test runs hash at argon2's cheapest cost (STARDECK_TEST_FAST_HASHING); this one keeps the cost
// production runs with, whatever the run's environment says.
describe('password hashing at the production cost', () => {
  it("stores argon2id at OWASP's minimum (19 MiB, two passes) and checks the password against it", async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'hasher-')), NODE_ENV: 'production' });
    const hasher = new PasswordHasher(config);
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=\d+\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'correct horse battery!')).toBe(false);
  });
});
