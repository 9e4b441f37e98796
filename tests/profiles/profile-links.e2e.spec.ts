import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile, putLinks, startSocialWorld, usernameOf, type Session, type SocialWorld } from './helpers';

const withoutIds = (links: { title: string | null; url: string; is_primary: boolean }[]) =>
  links.map(({ title, url, is_primary }) => ({ title, url, is_primary }));

describe("a member's links (spec §5)", () => {
  let world: SocialWorld;
  let nova: Session;

  beforeAll(async () => {
    world = await startSocialWorld();
    nova = await world.member();
  });
  afterAll(async () => {
    await world?.stop();
  });

  const saved = async () => (await getProfile(world, nova, usernameOf(nova)).expect(200)).body.data.user.links;

  it('replaces the links: https assumed, blank titles null, the first primary when none is marked', async () => {
    const res = await putLinks(world, nova, [
      { title: '  home  ', url: 'nova.example/about' },
      { title: '   ', url: 'https://bandcamp.example/nova' },
      { url: 'http://old.example' },
    ]).expect(200);
    const expected = [
      { title: 'home', url: 'https://nova.example/about', is_primary: true },
      { title: null, url: 'https://bandcamp.example/nova', is_primary: false },
      { title: null, url: 'http://old.example/', is_primary: false },
    ];
    expect(withoutIds(res.body.data.links)).toEqual(expected);
    const links = await saved();
    expect(withoutIds(links)).toEqual(expected);
    expect(new Set(links.map((link: { id: string }) => link.id)).size).toBe(3);
  });

  it('keeps the link marked primary', async () => {
    await putLinks(world, nova, [{ url: 'a.example' }, { url: 'b.example', is_primary: true }]).expect(200);
    expect((await saved()).map((link: { is_primary: boolean }) => link.is_primary)).toEqual([false, true]);
  });

  it('refuses each rule with its message, naming the row, and keeps the saved links', async () => {
    await putLinks(world, nova, [{ title: 'kept', url: 'kept.example' }]).expect(200);
    const kept = await saved();
    const before = await world.eventCount();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ url: `site${i}.example` }));
    const cases: [unknown, string, string][] = [
      [[{ url: 'ok.example' }, { url: '   ' }], 'links.1.url', 'URL cannot be empty'],
      [[{ title: 'no url' }], 'links.0.url', 'URL cannot be empty'],
      [[{ url: 'not a url' }], 'links.0.url', 'Please enter a valid URL'],
      [[{ url: 'localhost' }], 'links.0.url', 'Please enter a valid URL'],
      [[{ url: 'javascript:alert(1)' }], 'links.0.url', 'Please enter a valid URL'],
      [[{ url: 'ftp://files.example/x' }], 'links.0.url', 'Please enter a valid URL'],
      [eleven, 'links', 'Maximum 10 links allowed'],
      [[{ url: 'a.example', is_primary: true }, { url: 'b.example', is_primary: true }], 'links', 'Only one link can be primary'],
      [[{ url: 'a.example', title: 't'.repeat(101) }], 'links.0.title', 'Link title must be 100 characters or less'],
      [['a.example'], 'links', 'links must be a list of links'],
      ['a.example', 'links', 'links must be a list of links'],
    ];
    for (const [links, field, message] of cases) {
      const res = await putLinks(world, nova, links);
      expect(res.status, JSON.stringify(links)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await world.eventCount()).toBe(before);
    expect(await saved()).toEqual(kept);
  });

  it('takes ten links', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ url: `site${i}.example` }));
    expect((await putLinks(world, nova, ten).expect(200)).body.data.links).toHaveLength(10);
  });

  it('clears the links with an empty list; saving the same list again appends nothing', async () => {
    await putLinks(world, nova, [{ url: 'same.example', title: 'same' }]).expect(200);
    const before = await world.eventCount();
    await putLinks(world, nova, [{ url: 'https://same.example/', title: 'same' }]).expect(200);
    expect(await world.eventCount()).toBe(before);
    await putLinks(world, nova, []).expect(200);
    expect(await saved()).toEqual([]);
  });

  it("changes only the signed-in member's links", async () => {
    const vega = await world.member();
    await putLinks(world, nova, [{ url: 'nova.example' }]).expect(200);
    await putLinks(world, vega, [{ url: 'vega.example' }]).expect(200);
    expect(withoutIds(await saved())).toEqual([{ title: null, url: 'https://nova.example/', is_primary: true }]);
    await request(world.url).put('/v1/manage/links').send({ links: [{ url: 'x.example' }] }).expect(401);
  });
});
