import type { NewsPage, NewsPostView } from '@stardeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventCount } from '../social/helpers';
import { member, startTracksWorld, type Session, type TracksWorld } from '../tracks/helpers';

/** News over HTTP: admins write posts (draft or published, public or private); members read published public ones. */
describe('news', () => {
  let world: TracksWorld;
  let reader: Session;

  beforeAll(async () => {
    world = await startTracksWorld({ roles: ['api', 'projector'] });
    reader = await member(world);
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });

  let n = 0;
  const write = async (fields: Partial<Pick<NewsPostView, 'title' | 'content' | 'status' | 'visibility'>> = {}) => {
    const res = await call(world, world.admin, 'post', '/v1/manage/news', { title: `Post ${++n}`, content: 'Body <i>text</i>', status: 'published', visibility: 'public', ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.news as NewsPostView;
  };
  const news = async (query: object = {}) => {
    const res = await call(world, reader, 'get', '/v1/news', undefined, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as NewsPage;
  };

  it('a published public post reaches members with every field of spec §3; drafts and private posts do not', async () => {
    const post = await write({ title: '  Launch  ' });
    expect(post).toMatchObject({ title: 'Launch', content: 'Body <i>text</i>', user_id: world.admin.me.id, username: world.admin.me.username, status: 'published', visibility: 'public' });
    expect(Object.keys(post).sort()).toEqual(['content', 'created', 'id', 'published_at', 'status', 'title', 'updated', 'user_id', 'username', 'visibility']);
    expect(post.published_at).not.toBeNull();
    const draft = await write({ status: 'draft' });
    const hidden = await write({ visibility: 'private' });
    const ids = (await news({ limit: 100 })).news.map((p) => p.id);
    expect(ids).toContain(post.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(hidden.id);
    expect((await call(world, reader, 'get', `/v1/news/${post.id}`)).body.data.news).toEqual(post);
    const missing = await call(world, reader, 'get', '/v1/news/999999');
    for (const id of [draft.id, hidden.id]) {
      const res = await call(world, reader, 'get', `/v1/news/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    const all = (await call(world, world.admin, 'get', '/v1/manage/news', undefined, { limit: 100 })).body.data as NewsPage;
    expect(all.news.map((p) => p.id)).toEqual(expect.arrayContaining([post.id, draft.id, hidden.id]));
  });

  it('the latest post is the first of limit 1, sorted by created, descending; pages say what is left', async () => {
    await write();
    const newest = await write({ title: 'Newest' });
    const latest = await news({ limit: 1, sort: 'created', order: 'desc' });
    expect(latest.news.map((p) => p.id)).toEqual([newest.id]);
    expect(latest.has_more).toBe(true);
    expect(latest.total_count).toBeGreaterThan(1);
    const oldestFirst = await news({ limit: 100, sort: 'created', order: 'asc' });
    expect(oldestFirst.news.at(-1)!.id).toBe(newest.id);
    expect(oldestFirst.has_more).toBe(false);
    expect((await news({ sort: 'title', order: 'asc', limit: 100 })).news.map((p) => p.title)).toEqual(oldestFirst.news.map((p) => p.title).sort());
  });

  it('publishing a draft shows it; unpublishing or making it private hides it again; deleting removes it', async () => {
    const draft = await write({ status: 'draft' });
    const listed = async () => (await news({ limit: 100 })).news.some((p) => p.id === draft.id);
    expect(await listed()).toBe(false);
    const published = await call(world, world.admin, 'put', `/v1/manage/news/${draft.id}`, { status: 'published' });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.news).toMatchObject({ status: 'published', title: draft.title, published_at: expect.any(String) });
    expect(await listed()).toBe(true);
    await call(world, world.admin, 'put', `/v1/manage/news/${draft.id}`, { visibility: 'private' }).expect(200);
    expect(await listed()).toBe(false);
    await call(world, world.admin, 'put', `/v1/manage/news/${draft.id}`, { visibility: 'public' }).expect(200);
    expect(await listed()).toBe(true);
    await call(world, world.admin, 'delete', `/v1/manage/news/${draft.id}`).expect(200);
    expect(await listed()).toBe(false);
    expect((await call(world, world.admin, 'delete', `/v1/manage/news/${draft.id}`)).status).toBe(404);
    expect((await call(world, world.admin, 'put', `/v1/manage/news/${draft.id}`, { title: 'back' })).status).toBe(404);
  });

  it('refuses a bad post with the spec §5 messages and changes nothing', async () => {
    const before = await eventCount(world);
    const post = (body: object) => call(world, world.admin, 'post', '/v1/manage/news', { title: 'T', content: 'C', status: 'draft', visibility: 'public', ...body });
    const expectField = async (body: object, field: string, message: string) => {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg.fields?.[field] ?? res.body.msg.description, JSON.stringify(res.body)).toBe(message);
    };
    await expectField({ title: '   ' }, 'title', 'Title is required');
    await expectField({ title: 'x'.repeat(201) }, 'title', 'Title must be 200 characters or less');
    await expectField({ content: '' }, 'content', 'Content is required');
    await expectField({ content: '  ' }, 'content', 'Content is required');
    await expectField({ status: 'live' }, 'status', 'Status must be draft or published');
    await expectField({ visibility: 'unlisted' }, 'visibility', 'Visibility must be public or private');
    expect((await call(world, world.admin, 'post', '/v1/manage/news', [1])).status).toBe(400);
    expect((await call(world, reader, 'get', '/v1/news', undefined, { sort: 'random' })).status).toBe(400);
    expect(await eventCount(world)).toBe(before);
    expect((await post({ title: 'x'.repeat(200) })).status).toBe(201);
  });
});
