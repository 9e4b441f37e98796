import { HEADER_NEW_ACCESS_TOKEN } from '@stardeck/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, login, newMember, refreshCookieOf, startAuthServer, type Session } from './helpers';

/** Short, so the test can outwait it; the default is 10 s. */
const REUSE_SECONDS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh rotation with a reuse window', () => {
  let server: TestServer;
  let admin: Session;
  beforeAll(async () => {
    server = await startAuthServer({ REFRESH_REUSE_SECONDS: String(REUSE_SECONDS) });
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);
  const sync = (cookie: string) => api().post('/v1/sync').set('cookie', cookie);
  const invitesWith = (token: string) => api().get('/v1/invite').set('authorization', `Bearer ${token}`);

  it('keeps three tabs that renew with the same cookie at the same instant signed in, all on one successor', async () => {
    const member = await newMember(server.url, admin);
    const answers = await Promise.all([sync(member.cookie), sync(member.cookie), sync(member.cookie)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const cookies = answers.map((res) => refreshCookieOf(res)!.pair);
    expect(new Set(cookies).size).toBe(1);
    expect(cookies[0]).not.toBe(member.cookie);
    for (const res of answers) {
      expect(res.body.me.username).toBe(member.me.username);
      await invitesWith(res.headers[HEADER_NEW_ACCESS_TOKEN] as string).expect(200);
    }
    // The family lives on: the shared successor renews as usual.
    await sync(cookies[0]!).expect(200);
  });

  it('answers a spent cookie within the window with the live end of its chain', async () => {
    const member = await newMember(server.url, admin);
    const second = refreshCookieOf(await sync(member.cookie).expect(200))!.pair;
    const third = refreshCookieOf(await sync(second).expect(200))!.pair;
    const replayed = await sync(member.cookie).expect(200);
    expect(refreshCookieOf(replayed)!.pair).toBe(third);
  });

  it('treats a spent cookie presented after the window as theft: the whole sign-in ends', async () => {
    const member = await newMember(server.url, admin);
    const renewed = await sync(member.cookie).expect(200);
    const successor = refreshCookieOf(renewed)!.pair;
    const token = renewed.headers[HEADER_NEW_ACCESS_TOKEN] as string;
    await invitesWith(token).expect(200);

    await sleep(REUSE_SECONDS * 1000 + 500);
    await sync(member.cookie).expect(401);
    // The thief's copy and the member's own successor are both dead, and so are its access tokens.
    await sync(successor).expect(401);
    await invitesWith(token).expect(401);
    const families = await server.platform.database.db
      .selectFrom('refresh_tokens').select(['revoked_at']).where('user_id', '=', member.me.id).execute();
    expect(families.every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('does not renew a sign-in that logged out, even within the window', async () => {
    const member = await newMember(server.url, admin);
    const successor = refreshCookieOf(await sync(member.cookie).expect(200))!.pair;
    await api().post('/v1/logout').set('cookie', successor).expect(200);
    await sync(member.cookie).expect(401);
    await sync(successor).expect(401);
  });
});
