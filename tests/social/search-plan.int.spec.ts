import { randomUUID } from 'node:crypto';
import { CollectionsRepository, TracksRepository } from '@stardeck/api';
import { MEMBER_CEILINGS, socialStreamIds, trackStreamIds } from '@stardeck/contracts';
import {
  accountDecider, collectionDecider, collectionsProjection, handleCommand, trackDecider, tracksProjection, usersProjection,
} from '@stardeck/domain';
import { EventStore, type DbHandle } from '@stardeck/infra';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seededDatabase } from '../support/plan-database';

const MEMBERS = 600;
const TRACKS = 1000;
const COLLECTIONS = 700;
const WORDS = ['nebula', 'pulsar', 'quasar', 'comet', 'aurora', 'meteor', 'zenith', 'orbit', 'photon', 'vortex'];
const phrase = (i: number) => `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i.toString(36)}`;
const VISIBILITIES = ['public', 'public', 'unlisted', 'private'] as const;

/** Members, tracks (most of them transcoded) and collections, made through the write side as the app makes them. */
async function seed(handle: DbHandle): Promise<void> {
  const store = new EventStore(handle.db);
  const meta = { actor: 'system' };
  const members: string[] = [];
  await store.transaction(async (tx) => {
    for (let i = 0; i < MEMBERS; i += 1) {
      const userId = randomUUID();
      members.push(userId);
      const username = `${WORDS[i % WORDS.length]}_${i.toString(36)}`;
      await handleCommand(store, tx, accountDecider, `user-${userId}`, {
        type: 'RegisterAccount', user_id: userId, email: `${username}@example.com`, username, password_hash: 'h', role: 'member', invite_id: null, pre_verified: true,
      }, meta, usersProjection);
    }
  });
  for (let start = 1; start <= TRACKS; start += 300) {
    await store.transaction(async (tx) => {
      for (let id = start; id < Math.min(start + 300, TRACKS + 1); id += 1) {
        const owner = members[id % MEMBERS]!;
        const stream = trackStreamIds.track(id);
        await handleCommand(store, tx, trackDecider, stream, {
          type: 'UploadTrack', track_id: id, user_id: owner, title: phrase(id), slug: `t-${id}`, description: id % 3 === 0 ? null : `recorded ${phrase(id * 3)}`,
          visibility: VISIBILITIES[id % VISIBILITIES.length]!, parent_id: null, tags: [], filename: `t${id}.mp3`, mimetype: 'audio/mpeg', extension: 'mp3',
          filesize: 1000, source_key: `uploads/${owner}/${id}.mp3`, lossless: false, artwork: null,
        }, meta, tracksProjection);
        if (id % 10 === 0) continue;
        const rendition = { key: `tracks/${id}/standard.mp3`, size: 10, mimetype: 'audio/mpeg', bitrate: 128 };
        await handleCommand(store, tx, trackDecider, stream, {
          type: 'RecordTranscodeSuccess', storage: { used_bytes: 0, quota_bytes: 1e12 }, renditions: { standard: rendition, high: rendition },
          duration: 4, bitrate: 128, peaks_key: null, peaks: [0, 1],
        }, meta, tracksProjection);
      }
    });
  }
  await store.transaction(async (tx) => {
    for (let id = 1; id <= COLLECTIONS; id += 1) {
      await handleCommand(store, tx, collectionDecider, socialStreamIds.collection(id), {
        type: 'CreateCollection', collection_id: id, user_id: members[id % MEMBERS]!, name: phrase(id * 11), description: id % 2 ? `songs for ${phrase(id)}` : null,
        visibility: VISIBILITIES[id % VISIBILITIES.length]!, artwork: null, owned: 0, limit: MEMBER_CEILINGS.collections,
      }, meta, collectionsProjection);
    }
  });
  // What autovacuum does on a live database: the planner learns the tables' sizes.
  await sql`analyze`.execute(handle.db);
}

/** The plan as text, one node a line. */
async function planOf(query: { explain(): Promise<Record<string, unknown>[]> }): Promise<string> {
  const rows = await query.explain();
  return rows.map((row) => String(Object.values(row)[0])).join('\n');
}

/**
 * What people type to find one thing: a phrase, a piece of a name, an id-like fragment, a word
 * nothing holds. (A term in most rows is cheaper to find by reading them all, and the planner
 * rightly does so; that is not a search anyone waits on.)
 */
const TERMS = ['zenith comet', 'b9', 'Quasar_1', 'for nebula vort', 'xyz'];

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`track and collection search on ${kind}`, () => {
    const database = seededDatabase(kind, seed);
    const tracks = new TracksRepository();
    const collections = new CollectionsRepository();


    it('finds tracks by title, description or owner in the trigram indexes, never by reading every track', async () => {
      for (const term of TERMS) {
        const filter = { search: term, viewer: null, everyoneOnly: true };
        const page = await planOf(tracks.listQuery(database().db, filter).orderBy('tracks.created_at', 'desc').limit(20));
        const count = await planOf(tracks.listQuery(database().db, filter).clearSelect().select(sql<number>`count(*)`.as('n')));
        for (const text of [page, count]) {
          expect(text, text).toMatch(/Index Scan (on|using) tracks_title_trgm/);
          expect(text, text).toMatch(/Index Scan (on|using) tracks_description_trgm/);
          expect(text, text).toMatch(/Index Scan (on|using) users_username_trgm/);
          // The pattern is matched in the indexes (Index Cond), never row by row over a scanned table.
          expect(text, text).not.toMatch(/Seq Scan on (tracks|users)/);
          expect(text, text).not.toMatch(/Filter: .*~~\*/);
        }
      }
      const found = await tracks.list(database().db, { limit: 50, offset: 0, sortKey: 'created', sortDir: 'desc', search: 'ZENITH c', viewer: null, everyoneOnly: true });
      expect(found.total).toBeGreaterThan(0);
      expect(found.items.every((row) => /zenith c/i.test(`${row.title} ${row.description ?? ''} ${row.username}`))).toBe(true);
      expect(found.items.every((row) => row.visibility === 'public' && row.status === 'ready')).toBe(true);
    });

    it('finds collections by name or description in the trigram indexes, never by reading every collection', async () => {
      for (const term of TERMS) {
        const filter = { search: term, viewer: null, rule: 'listed' as const };
        const page = await planOf(collections.listQuery(database().db, filter).orderBy('collections.created_at', 'desc').limit(12));
        const count = await planOf(collections.listQuery(database().db, filter).clearSelect().select(sql<number>`count(*)`.as('n')));
        for (const text of [page, count]) {
          expect(text, text).toMatch(/Index Scan (on|using) collections_name_trgm/);
          expect(text, text).toMatch(/Index Scan (on|using) collections_description_trgm/);
          expect(text, text).not.toMatch(/Seq Scan on collections/);
          expect(text, text).not.toMatch(/Filter: .*~~\*/);
        }
      }
      const found = await collections.list(database().db, { limit: 50, offset: 0, sortKey: 'created', sortDir: 'desc', search: 'songs for COMET', viewer: null, rule: 'listed' });
      expect(found.total).toBeGreaterThan(0);
      expect(found.items.every((row) => /songs for comet/i.test(row.description ?? '') && row.visibility === 'public')).toBe(true);
    });
  });
}
