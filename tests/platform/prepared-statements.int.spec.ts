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
      it('are planned once per connection, for any values, on connections of their own: every other query is planned for its values', async () => {
        const { db } = database();
        // A text of its own: the plans counted are this test's.
        const slugsNamed = (prefix: string) => db.selectFrom('tags').select('slug').where('name', 'like', `${prefix}%`);
        const text = slugsNamed('once-').compile().sql;
        for (const prefix of ['once-', 'twice-', 'once-']) await executePrepared(db, slugsNamed(prefix));
        // Run one after another, they took the same idle connection, which this read takes too.
        const held = await executePrepared(db, db.selectFrom(sql<{ statement: string; generic_plans: number; custom_plans: number }>`pg_prepared_statements`.as('p'))
          .select(['p.statement', 'p.generic_plans', 'p.custom_plans']).where('p.statement', '=', text));
        expect(held).toEqual([{ statement: text, generic_plans: 3, custom_plans: 0 }]);
        const mode = (executor: typeof db) => executor.selectNoFrom(sql<string>`current_setting('plan_cache_mode')`.as('mode'));
        expect(await executePrepared(db, mode(db))).toEqual([{ mode: 'force_generic_plan' }]);
        expect(await mode(db).execute()).toEqual([{ mode: 'auto' }]);
        // Inside a transaction it runs there, as any query.
        expect(await db.transaction().execute((tx) => executePrepared(tx, mode(tx)))).toEqual([{ mode: 'auto' }]);
      });
    }
  });
}
