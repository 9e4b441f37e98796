import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCollection, eventCount, startSocialWorld, WORLD_START_MS, type SocialWorld } from './helpers';

interface Case {
  name: string;
  body: object;
  field: string;
  message: string;
}

/**
 * Spec §5 for these forms: a collection's name is required after trimming, a comment's text is
 * trimmed and not empty, and library actions need a signed-in member. Every refusal says why in
 * the envelope, per field, and changes nothing.
 */
describe('validation of the library, collection and comment forms', () => {
  let world: SocialWorld;
  let collection: number;
  let comment: number;

  beforeAll(async () => {
    world = await startSocialWorld();
    collection = await createCollection(world, world.fan, { name: 'Kept', description: 'as it was' });
    comment = (await call(world, world.fan, 'post', `/v1/comments/resource/track/${world.tracks.public}`, { text: 'kept', track_timestamp: 1 }).expect(201))
      .body.data.comment.id;
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });

  const snapshot = async () => {
    const db = world.server.platform.database.db;
    return {
      events: await eventCount(world),
      collections: await db.selectFrom('collections').selectAll().orderBy('id').execute(),
      comments: await db.selectFrom('comments').selectAll().orderBy('id').execute(),
      library: await db.selectFrom('library_entries').selectAll().orderBy('track_id').execute(),
    };
  };

  async function refuses(method: 'post' | 'put' | 'delete', path: string, cases: Case[]) {
    const before = await snapshot();
    for (const c of cases) {
      const res = await call(world, world.fan, method, path, c.body);
      expect(res.status, `${c.name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body, c.name).toMatchObject({ status: 'error', status_code: 400, msg: { description: c.message }, errors: { [c.field]: c.message } });
    }
    expect(await snapshot()).toEqual(before);
  }

  const nameCases = (extra: object = {}): Case[] => [
    { name: 'an empty name', body: { ...extra, name: '' }, field: 'name', message: 'Collection name is required' },
    { name: 'a name of spaces', body: { ...extra, name: '   \t ' }, field: 'name', message: 'Collection name is required' },
    { name: 'a name that is not text', body: { ...extra, name: 42 }, field: 'name', message: 'Collection name is required' },
    { name: 'a name past 100 characters', body: { ...extra, name: 'n'.repeat(101) }, field: 'name', message: 'Collection name must be 100 characters or less' },
    { name: 'a description past 5000 characters', body: { ...extra, name: 'ok', description: 'd'.repeat(5001) }, field: 'description', message: 'Description must be 5000 characters or less' },
    { name: 'an unknown visibility', body: { ...extra, name: 'ok', visibility: 'friends' }, field: 'visibility', message: 'Visibility must be public, unlisted or private' },
  ];

  it('refuses a collection without a name after trimming, and the other collection fields', async () => {
    await refuses('post', '/v1/manage/collections', [
      { name: 'no name at all', body: { description: 'x' }, field: 'name', message: 'Collection name is required' },
      ...nameCases(),
    ]);
  });

  it('refuses an edit that blanks the name, leaving the collection as it was', async () => {
    await refuses('put', `/v1/manage/collections/${collection}`, [
      ...nameCases({ description: 'changed' }),
      { name: 'remove_artwork that is not a yes or no', body: { remove_artwork: 'maybe' }, field: 'remove_artwork', message: 'remove_artwork must be true or false' },
    ]);
  });

  const textCases: Case[] = [
    { name: 'no text', body: { track_timestamp: 1 }, field: 'text', message: 'Comment cannot be empty' },
    { name: 'empty text', body: { text: '', track_timestamp: 1 }, field: 'text', message: 'Comment cannot be empty' },
    { name: 'text of spaces and newlines', body: { text: ' \n\t ', track_timestamp: 1 }, field: 'text', message: 'Comment cannot be empty' },
    { name: 'text past 2000 characters', body: { text: 'c'.repeat(2001), track_timestamp: 1 }, field: 'text', message: 'Comment must be 2000 characters or less' },
  ];

  it('refuses blank comments, replies and edits', async () => {
    await refuses('post', `/v1/comments/resource/track/${world.tracks.public}`, [
      ...textCases,
      { name: 'no timestamp', body: { text: 'hi' }, field: 'track_timestamp', message: 'Timestamp must be a whole number of seconds' },
    ]);
    await refuses('post', `/v1/comments/track/${comment}/replies`, textCases);
    await refuses('put', `/v1/comments/track/${comment}`, textCases);
  });

  it('refuses a library or collection action without a track id', async () => {
    const noTrack = (body: object): Case => ({ name: JSON.stringify(body), body, field: 'track_id', message: 'No track ID provided' });
    const cases = [noTrack({}), noTrack({ track_id: 0 }), noTrack({ track_id: 'abc' }), noTrack({ track_id: 1.5 })];
    await refuses('post', '/v1/manage/library', cases);
    await refuses('delete', '/v1/manage/library', cases);
    await refuses('post', `/v1/manage/collections/${collection}/tracks`, cases);
  });

  it('asks a visitor to sign in before any library, collection or comment change', async () => {
    const before = await snapshot();
    const writes: ['post' | 'put' | 'delete', string, object?][] = [
      ['post', '/v1/manage/library', { track_id: world.tracks.public }],
      ['delete', '/v1/manage/library', { track_id: world.tracks.public }],
      ['post', '/v1/manage/collections', { name: 'x' }],
      ['put', `/v1/manage/collections/${collection}`, { name: 'x' }],
      ['post', `/v1/manage/collections/${collection}/follow`],
      ['post', `/v1/comments/resource/track/${world.tracks.public}`, { text: 'x', track_timestamp: 0 }],
      ['delete', `/v1/comments/track/${comment}`],
    ];
    for (const [method, path, body] of writes) {
      const res = await call(world, null, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ status: 'error', msg: { description: 'Authentication required' } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses list parameters out of range with the reason', async () => {
    const cases: [string, object, string][] = [
      [`/v1/library/user/${world.fan.me.username}`, { limit: 10001 }, 'limit must be a whole number from 1 to 10000'],
      [`/v1/tracks/${world.tracks.public}/saved_by`, { limit: 0 }, 'limit must be a whole number from 1 to 100'],
      [`/v1/comments/resource/track/${world.tracks.public}`, { limit: 1001 }, 'limit must be a whole number from 1 to 1000'],
      ['/v1/collections', { sort_key: 'size' }, 'sort_key must be one of created, updated, name, random, track_count'],
      ['/v1/collections', { visibility: 'public,secret' }, 'visibility must be a comma-separated list of public, unlisted and private'],
      ['/v1/collections', { offset: -1 }, 'offset must be a whole number from 0 to 9007199254740991'],
      [`/v1/collections/${collection}`, { limit: 1001 }, 'limit must be a whole number from 1 to 1000'],
    ];
    for (const [path, query, message] of cases) {
      const res = await call(world, world.fan, 'get', path, undefined, query);
      expect(res.status, path).toBe(400);
      expect(res.body.msg.description, path).toBe(message);
    }
    // Within range, the largest pages are served.
    expect((await call(world, world.fan, 'get', `/v1/library/user/${world.fan.me.username}`, undefined, { limit: 10000 })).status).toBe(200);
    expect((await call(world, world.fan, 'get', `/v1/comments/resource/track/${world.tracks.public}`, undefined, { limit: 1000 })).status).toBe(200);
  });
});
