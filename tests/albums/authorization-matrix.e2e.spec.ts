import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, eventCount, startSocialWorld, WORLD_START_MS, type Session, type SocialWorld } from '../social/helpers';
import { createAlbum, setTier } from './helpers';

type Visibility = 'public' | 'unlisted' | 'private';
type Actor = 'visitor' | 'member' | 'owner' | 'admin';
const VISIBILITIES: Visibility[] = ['public', 'unlisted', 'private'];
const ACTORS: Actor[] = ['visitor', 'member', 'owner', 'admin'];
const MISSING = 999_999;

/**
 * Every album endpoint, tried by a visitor, a member (on core, so the tier is not what refuses
 * them), the owner and an admin on public, unlisted and private albums. Someone else's private
 * album answers exactly like a missing one; nobody but its owner changes it; no list shows what
 * its reader may not see.
 */
describe('authorization matrix: albums', () => {
  let world: SocialWorld;
  const albums = {} as Record<Visibility, number>;
  const failures: string[] = [];

  const session = (actor: Actor): Session | null =>
    actor === 'visitor' ? null : actor === 'member' ? world.stranger : actor === 'owner' ? world.owner : world.admin;
  async function check(actor: Actor, method: 'get' | 'post' | 'put' | 'delete', path: string, expected: number, body?: object, query?: object) {
    const res = await call(world, session(actor), method, path, body, query);
    if (res.status !== expected) failures.push(`${actor} ${method.toUpperCase()} ${path}: ${res.status}, expected ${expected} ${JSON.stringify(res.body.msg ?? {})}`);
    return res;
  }
  const opens = (actor: Actor, visibility: Visibility) => actor === 'owner' || visibility !== 'private';
  const lists = (actor: Actor, visibility: Visibility) => actor === 'owner' || visibility === 'public';

  beforeAll(async () => {
    world = await startSocialWorld();
    await setTier(world, world.owner, 'core');
    await setTier(world, world.stranger, 'core');
    for (const visibility of VISIBILITIES) {
      albums[visibility] = await createAlbum(world, world.owner, { title: `${visibility} release`, visibility, track_ids: [world.tracks.public] });
    }
  }, WORLD_START_MS);
  afterAll(async () => {
    await world?.stop();
  });
  beforeEach(() => {
    failures.length = 0;
  });

  it('answers a hidden album exactly as a missing one', async () => {
    const bodyOf = async (path: string) => (await call(world, world.stranger, 'get', path)).body;
    expect(await bodyOf(`/v1/albums/${albums.private}`)).toEqual(await bodyOf(`/v1/albums/${MISSING}`));
    expect(await bodyOf(`/v1/tracks/${world.tracks.private}/albums`)).toEqual(await bodyOf(`/v1/tracks/${MISSING}/albums`));
  });

  it('reads: each actor opens and lists only what they may see', async () => {
    for (const actor of ACTORS) {
      for (const visibility of VISIBILITIES) {
        const album = albums[visibility];
        await check(actor, 'get', `/v1/albums/${album}`, opens(actor, visibility) ? 200 : 404);
        await check(actor, 'get', `/v1/tracks/${world.tracks[visibility]}/albums`, opens(actor, visibility) ? 200 : 404);
        const listedIds = async (path: string) => {
          const res = await check(actor, 'get', path, 200, undefined, { limit: 100 });
          return ((res.body.data?.albums ?? []) as { id: number }[]).map((a) => a.id);
        };
        for (const [name, path] of [['explore', '/v1/albums'], ['by user', `/v1/albums/user/${world.owner.me.username}`],
          ['holding a track', `/v1/tracks/${world.tracks.public}/albums`]] as const) {
          const ids = await listedIds(path);
          if (ids.includes(album) !== lists(actor, visibility)) failures.push(`${actor} ${name} lists ${visibility} album: ${ids.includes(album)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('writes: nobody changes what is not theirs, and a hidden album stays missing', async () => {
    const before = await eventCount(world);
    for (const actor of ['visitor', 'member', 'admin'] as const) {
      const notTheirs = actor === 'visitor' ? 401 : 404;
      for (const visibility of VISIBILITIES) {
        const id = albums[visibility];
        await check(actor, 'put', `/v1/albums/${id}`, notTheirs, { title: 'taken' });
        await check(actor, 'put', `/v1/albums/${id}/tracks`, notTheirs, { track_ids: [world.tracks.public] });
        await check(actor, 'delete', `/v1/albums/${id}`, notTheirs);
      }
      // Nobody makes an album of someone else's tracks (the admin's tier allows albums; the tracks are not theirs).
      if (actor === 'visitor') await check(actor, 'post', '/v1/albums', 401, { title: 'x', track_ids: [world.tracks.public] });
      else await check(actor, 'post', '/v1/albums', 400, { title: 'x', track_ids: [world.tracks.public] });
    }
    expect(failures).toEqual([]);
    expect(await eventCount(world)).toBe(before);
  });

  it('writes: the owner edits, arranges and deletes their own', async () => {
    const spare = await createAlbum(world, world.owner, { title: 'spare', visibility: 'private', track_ids: [world.tracks.private] });
    await check('owner', 'put', `/v1/albums/${spare}`, 200, { title: 'spare, renamed' });
    await check('owner', 'put', `/v1/albums/${spare}/tracks`, 200, { track_ids: [world.tracks.unlisted, world.tracks.private] });
    await check('owner', 'delete', `/v1/albums/${spare}`, 200);
    expect(failures).toEqual([]);
  });
});
