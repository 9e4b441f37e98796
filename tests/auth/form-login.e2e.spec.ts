import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, startAuthServer } from './helpers';

/** What another site's page can make a browser send without a CORS preflight: an HTML form, or fetch in no-cors mode. */
const CROSS_SITE = { origin: 'https://evil.example', referer: 'https://evil.example/page.html' };

describe('login from another site', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function post(path: string, body: string | FormData, contentType?: string): Promise<Response> {
    return fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...CROSS_SITE, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    });
  }

  async function expectRefused(res: Response): Promise<void> {
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      status: 'error',
      status_code: 415,
      msg: { title: 'Unsupported Media Type', description: expect.stringContaining('application/json') },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('x-new-access-token')).toBeNull();
  }

  it('refuses an HTML form post with the right password, and sets no session cookie', async () => {
    const form = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password });
    await expectRefused(await post('/v1/login', form.toString(), 'application/x-www-form-urlencoded'));
  });

  it('refuses a text/plain post whose body is the JSON a login would send', async () => {
    const looksLikeJson = JSON.stringify({ email: ADMIN.email, password: ADMIN.password, remember_me: true });
    await expectRefused(await post('/v1/login', looksLikeJson, 'text/plain'));
    await expectRefused(await post('/v1/login', looksLikeJson, 'text/plain;charset=UTF-8'));
  });

  it('refuses a multipart form post to a route that reads JSON', async () => {
    const form = new FormData();
    form.set('email', ADMIN.email);
    form.set('password', ADMIN.password);
    await expectRefused(await post('/v1/login', form));
  });

  it('still logs in with the JSON body the web client sends', async () => {
    const res = await fetch(`${server.url}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-new-access-token')).toBeTruthy();
    expect(res.headers.getSetCookie().length).toBe(1);
  });

  it('takes a call without a body, such as the session refresh, as before', async () => {
    const res = await fetch(`${server.url}/v1/sync`, { method: 'POST' });
    expect(res.status).toBe(401);
  });
});
