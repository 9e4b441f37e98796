import { randomUUID } from 'node:crypto';
import { MembersRepository, type MemberFilter } from '@stardeck/api';
import { profileStreamIds } from '@stardeck/contracts';
import { accountDecider, handleCommand, profileDecider, profilesProjection, usersProjection } from '@stardeck/domain';
import { EventStore, type DbHandle } from '@stardeck/infra';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seededDatabase } from '../support/plan-database';

const MEMBERS = 3000;
const WORDS = ['nebula', 'pulsar', 'quasar', 'comet', 'aurora', 'meteor', 'zenith', 'orbit', 'photon', 'vortex'];

/** Members signed up and named through the write side, as the app does it. */
async function seed(handle: DbHandle): Promise<void> {
  const store = new EventStore(handle.db);
  const meta = { actor: 'system' };
  for (let start = 0; start < MEMBERS; start += 250) {
    await store.transaction(async (tx) => {
      for (let i = start; i < Math.min(start + 250, MEMBERS); i += 1) {
        const userId = randomUUID();
        const username = `${WORDS[i % WORDS.length]}_${i.toString(36)}_${WORDS[(i * 7) % WORDS.length]}`;
        await handleCommand(store, tx, accountDecider, `user-${userId}`, {
          type: 'RegisterAccount', user_id: userId, email: `${username}@example.com`, username, password_hash: 'h', role: 'member', invite_id: null, pre_verified: true,
        }, meta, usersProjection);
        {
          await handleCommand(store, tx, profileDecider, profileStreamIds.profile(userId), {
            type: 'ChangeDisplayName', user_id: userId, display_name: `${WORDS[(i * 3) % WORDS.length]} ${i}`,
          }, meta, profilesProjection);
        }
      }
    });
  }
  // What autovacuum does on a live database: the planner learns the tables' sizes.
  await sql`analyze`.execute(handle.db);
}

const search = (term: string): MemberFilter => ({ limit: 10, offset: 0, sortKey: 'signup', sortDir: 'desc', search: term, viewer: null });

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`member search on ${kind}`, () => {
    const database = seededDatabase(kind, seed);
    const members = new MembersRepository();


    const plan = async (term: string) => {
      const query = members.listQuery(database().db, search(term)).orderBy('users.created_at', 'desc').limit(10);
      const rows = await query.explain();
      return rows.map((row) => String(Object.values(row)[0])).join('\n');
    };

    it('matches part of a username or display name in the trigram indexes, never row by row over a scanned table', async () => {
      for (const term of ['b9_', 'zenith_2', 'photon 12', 'ab']) {
        const text = await plan(term);
        expect(text, text).toMatch(/Index Scan on users_username_trgm|Index Scan using users_username_trgm/);
        expect(text, text).toMatch(/Index Scan on profiles_display_name_trgm|Index Scan using profiles_display_name_trgm/);
        // The pattern is matched in the indexes (Index Cond), never row by row over a scanned table.
        expect(text, text).not.toMatch(/Filter: .*~~\*/);
        expect(text, text).not.toMatch(/Seq Scan on (users named|profiles shown)/);
      }
      const page = await members.list(database().db, search('UASAR 10'));
      expect(page.total).toBeGreaterThan(0);
      const names = await database().db.selectFrom('profiles').select('display_name').where('user_id', 'in', page.items.map((item) => item.id)).execute();
      expect(names.every((row) => /quasar 10/i.test(row.display_name ?? ''))).toBe(true);
    });
  });
}
