import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCollection, call, createCollection, eventCount, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from './helpers';

type Visibility = 'public' | 'unlisted' | 'private';
type Actor = 'visitor' | 'member' | 'owner' | 'admin';
const VISIBILITIES: Visibility[] = ['public', 'unlisted', 'private'];
const ACTORS: Actor[] = ['visitor', 'member', 'owner', 'admin'];
const MISSING = 999_999;

/**
 * Every endpoint of the library, collections and comments, tried by a visitor, a member, the
 * owner and an admin on public, unlisted and private objects. A private object of someone else
 * answers exactly like a missing one; nobody but its owner changes it (admins may delete comments);
 * no list shows what its reader may not see.
 */
describe('authorization matrix: library, collections and comments', () => {
  let world: SocialWorld;
  const collections = {} as Record<Visibility, number>;
  const comments = {} as Record<Visibility, number>;
  const failures: string[] = [];

  const session = (actor: Actor): Session | null =>
    actor === 'visitor' ? null : actor === 'member' ? world.stranger : actor === 'owner' ? world.owner : world.admin;

  /** Records a mismatch instead of stopping, so one run lists every hole. */
  async function check(actor: Actor, method: 'get' | 'post' | 'put' | 'delete', path: string, expected: number, body?: object, query?: object) {
    const res = await call(world, session(actor), method, path, body, query);
    if (res.status !== expected) failures.push(`${actor} ${method.toUpperCase()} ${path}: ${res.status}, expected ${expected} ${JSON.stringify(res.body.msg ?? {})}`);
    return res;
  }

  /** 401 for visitors on member-only calls, else what `rule` says. */
  const signedIn = (actor: Actor, rule: () => number) => (actor === 'visitor' ? 401 : rule());
  const opens = (actor: Actor, visibility: Visibility) => actor === 'owner' || visibility !== 'private';
  const lists = (actor: Actor, visibility: Visibility) => actor === 'owner' || visibility === 'public';

  beforeAll(async () => {
    world = await startSocialWorld();
    for (const visibility of VISIBILITIES) {
      collections[visibility] = await createCollection(world, world.owner, { name: `${visibility} set`, visibility });
      await addToCollection(world, world.owner, collections[visibility], world.tracks.public);
      const track = world.tracks[visibility];
      await call(world, world.owner, 'post', '/v1/manage/library', { track_id: track }).expect(200);
      const posted = await call(world, world.owner, 'post', `/v1/comments/resource/track/${track}`, { text: 'mine', track_timestamp: 1 }).expect(201);
      comments[visibility] = posted.body.data.comment.id;
    }
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });
  beforeEach(() => {
    failures.length = 0;
  });

  it('answers a hidden object exactly as a missing one', async () => {
    const bodyOf = async (path: string) => (await call(world, world.stranger, 'get', path)).body;
    const pairs = [
      [`/v1/collections/${collections.private}`, `/v1/collections/${MISSING}`],
      [`/v1/tracks/${world.tracks.private}/saved_by`, `/v1/tracks/${MISSING}/saved_by`],
      [`/v1/tracks/${world.tracks.private}/collections`, `/v1/tracks/${MISSING}/collections`],
      [`/v1/comments/resource/track/${world.tracks.private}`, `/v1/comments/resource/track/${MISSING}`],
      [`/v1/comments/track/${comments.private}/thread`, `/v1/comments/track/${MISSING}/thread`],
    ];
    for (const [hidden, missing] of pairs) expect(await bodyOf(hidden!), hidden).toEqual(await bodyOf(missing!));
  });

  it('reads: each actor opens and lists only what they may see', async () => {
    for (const actor of ACTORS) {
      for (const visibility of VISIBILITIES) {
        const collection = collections[visibility];
        const track = world.tracks[visibility];
        await check(actor, 'get', `/v1/collections/${collection}`, opens(actor, visibility) ? 200 : 404);
        await check(actor, 'get', `/v1/tracks/${track}/saved_by`, opens(actor, visibility) ? 200 : 404);
        await check(actor, 'get', `/v1/tracks/${track}/collections`, opens(actor, visibility) ? 200 : 404);
        await check(actor, 'get', `/v1/comments/resource/track/${track}`, opens(actor, visibility) ? 200 : 404);
        await check(actor, 'get', `/v1/comments/track/${comments[visibility]}/thread`, opens(actor, visibility) ? 200 : 404);

        const listedIds = async (path: string, query?: object) => {
          const res = await check(actor, 'get', path, 200, undefined, query);
          return ((res.body.data?.collections ?? []) as { id: number }[]).map((c) => c.id);
        };
        const explore = await listedIds('/v1/collections', { username: world.owner.me.username, limit: 100 });
        const byUser = await listedIds(`/v1/collections/user/${world.owner.me.username}`, { limit: 100 });
        const holding = await listedIds(`/v1/tracks/${world.tracks.public}/collections`, { limit: 100 });
        for (const [name, ids] of [['explore', explore], ['by user', byUser], ['holding a track', holding]] as const) {
          if (ids.includes(collection) !== lists(actor, visibility)) failures.push(`${actor} ${name} lists ${visibility} collection: ${ids.includes(collection)}`);
        }
        const library = await check(actor, 'get', `/v1/library/user/${world.owner.me.username}`, 200);
        const saved = (library.body.data.tracks as { id: number }[]).map((t) => t.id);
        if (saved.includes(track) !== lists(actor, visibility)) failures.push(`${actor} sees ${visibility} track in the owner's library: ${saved.includes(track)}`);
      }
      await check(actor, 'get', '/v1/manage/collections', signedIn(actor, () => 200));
      await check(actor, 'get', '/v1/collections/followed', signedIn(actor, () => 200));
    }
    expect(failures).toEqual([]);
  });

  it('writes: nobody changes what is not theirs, and a hidden object stays missing', async () => {
    const before = await eventCount(world);
    const others: Actor[] = ['visitor', 'member', 'admin'];
    for (const actor of others) {
      for (const visibility of VISIBILITIES) {
        const id = collections[visibility];
        const notTheirs = () => 404;
        await check(actor, 'put', `/v1/manage/collections/${id}`, signedIn(actor, notTheirs), { name: 'taken' });
        await check(actor, 'delete', `/v1/manage/collections/${id}`, signedIn(actor, notTheirs));
        await check(actor, 'post', `/v1/manage/collections/${id}/tracks`, signedIn(actor, notTheirs), { track_id: world.tracks.public });
        await check(actor, 'delete', `/v1/manage/collections/${id}/tracks/${world.tracks.public}`, signedIn(actor, notTheirs));
        const comment = comments[visibility];
        const hidden = visibility === 'private';
        await check(actor, 'put', `/v1/comments/track/${comment}`, signedIn(actor, () => (hidden ? 404 : 403)), { text: 'edited' });
        if (actor !== 'admin') await check(actor, 'delete', `/v1/comments/track/${comment}`, signedIn(actor, () => (hidden ? 404 : 403)));
        if (hidden) {
          await check(actor, 'post', `/v1/manage/collections/${id}/follow`, signedIn(actor, () => 404));
          await check(actor, 'delete', `/v1/manage/collections/${id}/follow`, signedIn(actor, () => 404));
          await check(actor, 'post', '/v1/manage/library', signedIn(actor, () => 404), { track_id: world.tracks.private });
          await check(actor, 'post', `/v1/comments/resource/track/${world.tracks.private}`, signedIn(actor, () => 404), { text: 'hi', track_timestamp: 0 });
          await check(actor, 'post', `/v1/comments/track/${comment}/replies`, signedIn(actor, () => 404), { text: 'hi' });
        }
      }
    }
    for (const visibility of VISIBILITIES) await check('owner', 'post', `/v1/manage/collections/${collections[visibility]}/follow`, 403);
    expect(failures).toEqual([]);
    expect(await eventCount(world)).toBe(before);
  });

  it('writes: members act on what they may open, owners on their own, admins delete comments', async () => {
    for (const actor of ['member', 'owner', 'admin'] as const) {
      for (const visibility of VISIBILITIES) {
        const track = world.tracks[visibility];
        const open = opens(actor, visibility);
        await check(actor, 'post', '/v1/manage/library', open ? 200 : 404, { track_id: track });
        await check(actor, 'delete', '/v1/manage/library', 200, { track_id: track });
        const posted = await check(actor, 'post', `/v1/comments/resource/track/${track}`, open ? 201 : 404, { text: 'hello', track_timestamp: 2 });
        await check(actor, 'post', `/v1/comments/track/${comments[visibility]}/replies`, open ? 201 : 404, { text: 'hello' });
        if (open) {
          const id = posted.body.data.comment.id as number;
          await check(actor, 'put', `/v1/comments/track/${id}`, 200, { text: 'edited' });
          await check(actor, 'delete', `/v1/comments/track/${id}`, 200);
        }
        if (actor !== 'owner') {
          const collection = collections[visibility];
          await check(actor, 'post', `/v1/manage/collections/${collection}/follow`, open ? 200 : 404);
          await check(actor, 'delete', `/v1/manage/collections/${collection}/follow`, open ? 200 : 404);
        }
      }
    }
    // The owner edits, fills and deletes their own; an admin and the owner delete others' comments on the owner's track.
    const spare = await createCollection(world, world.owner, { name: 'spare', visibility: 'private' });
    await check('owner', 'put', `/v1/manage/collections/${spare}`, 200, { name: 'spare, renamed' });
    await check('owner', 'post', `/v1/manage/collections/${spare}/tracks`, 200, { track_id: world.tracks.private });
    await check('owner', 'delete', `/v1/manage/collections/${spare}/tracks/${world.tracks.private}`, 200);
    await check('owner', 'delete', `/v1/manage/collections/${spare}`, 200);
    for (const deleter of ['owner', 'admin'] as const) {
      const byMember = await call(world, world.stranger, 'post', `/v1/comments/resource/track/${world.tracks.public}`, { text: 'mine', track_timestamp: 0 }).expect(201);
      await check(deleter, 'delete', `/v1/comments/track/${byMember.body.data.comment.id}`, 200);
    }
    expect(failures).toEqual([]);
  });
});
