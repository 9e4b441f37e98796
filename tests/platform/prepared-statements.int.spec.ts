import { executePrepared } from '@stardeck/infra';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seededDatabase } from '../support/plan-database';

/**
 * Hot reads (a stream page) run as prepared statements: Postgres parses and plans their text once
 * per connection instead of on every request, and they still answer from the data as it is.
 */
for (const kind of ['postgres', 'pglite'] as const) {
  describe(`prepared reads on ${kind}`, () => {
    const database = seededDatabase(kind, async () => undefined);
    const tagsNamed = (prefix: string) => database().db.selectFrom('tags').select('name').where('name', 'like', `${prefix}%`).orderBy('name');

    it('answer from the data as it is at each run', async () => {
      const { db } = database();
      await db.insertInto('tags').values({ name: 'prep-a', slug: 'prep-a' }).execute();
      expect(await executePrepared(db, tagsNamed('prep-'))).toEqual([{ name: 'prep-a' }]);
      await db.insertInto('tags').values({ name: 'prep-b', slug: 'prep-b' }).execute();
      expect(await executePrepared(db, tagsNamed('prep-'))).toEqual([{ name: 'prep-a' }, { name: 'prep-b' }]);
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('tags').where('name', '=', 'prep-a').execute();
        expect(await executePrepared(tx, tagsNamed('prep-'))).toEqual([{ name: 'prep-b' }]);
      });
    });

    if (kind === 'postgres') {
      it('are planned once per connection, for any values, and other queries are not kept', async () => {
        // A text of its own: the plans counted are this test's.
        const slugsNamed = (prefix: string) => database().db.selectFrom('tags').select('slug').where('name', 'like', `${prefix}%`);
        const text = slugsNamed('once-').compile().sql;
        // One transaction: one connection of the pool.
        const held = await database().db.transaction().execute(async (tx) => {
          for (const prefix of ['once-', 'twice-', 'once-']) await executePrepared(tx, slugsNamed(prefix));
          const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
            select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(tx);
          return rows;
        });
        expect(held.find((row) => row.statement === text)).toEqual({ statement: text, generic_plans: 3, custom_plans: 0 });
        // Anything else it holds was run prepared by the test before; unprepared queries (this read of them too) are not kept.
        expect(held.filter((row) => ![text, tagsNamed('').compile().sql].includes(row.statement))).toEqual([]);
      });
    }
  });
}
