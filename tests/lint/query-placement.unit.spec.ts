import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** Each of Kysely's four query starts, on the executors code is handed. */
const QUERIES = `
import type { Db, Tx } from '@stardeck/infra';

export async function work(db: Db, tx: Tx): Promise<void> {
  await db.selectFrom('tracks').select('id').execute();
  await db.insertInto('tags').values({ name: 'ambient', slug: 'ambient' }).execute();
  await tx.updateTable('tracks').set({ title: 'renamed' }).where('id', '=', 1).execute();
  await tx.deleteFrom('tags').where('slug', '=', 'ambient').execute();
}
`;

async function queryPlacementErrors(path: string): Promise<string[]> {
  const [result] = await eslint.lintText(QUERIES, { filePath: `${root}/${path}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${m.line}: ${m.message}`);
}

describe('lint: queries stay in repositories', () => {
  it.each([
    'apps/api/src/tracks/play.service.ts',
    'apps/api/src/common/unread-notifications.ts',
    'apps/projector/src/projection-runner.ts',
    'domain/src/tracks/transcode-outcome.ts',
    'infra/src/mail/mailer.ts',
  ])('refuses each query built in %s', async (path) => {
    const errors = await queryPlacementErrors(path);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/^5: Queries live in a repository/);
  });

  it.each([
    'apps/api/src/tracks/listening-history.repository.ts',
    'domain/src/tracks/storage-usage.repository.ts',
    'domain/src/projections/tracks/tracks.projection.ts',
    'infra/src/db/migrations/2026-01-01T0000-example.ts',
    'infra/src/events/event-store.ts',
    'infra/src/relay/relay-checkpoint.ts',
    'apps/projector/src/checkpoints.ts',
    'apps/api/src/tracks/tracks.e2e.spec.ts',
  ])('allows them in %s', async (path) => {
    expect(await queryPlacementErrors(path)).toEqual([]);
  });
});
