import { MSG } from '@stardeck/contracts';
import { PasswordHasher } from '@stardeck/api';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, linkParam, login, mailTo, newMember, startAuthServer, type Session } from './helpers';

const reset = (token: string, password = 'new-password-1') => ({ recovery_token: token, password, verify_password: password });

/** reset_password is open to anyone: it checks the link before it does any expensive work, and is throttled per address. */
describe('reset_password: cheap checks first, throttled per address', () => {
  let server: TestServer;
  let admin: Session;
  beforeAll(async () => {
    server = await startAuthServer();
    admin = await login(server.url, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const api = () => request(server.url);

  it('hashes no password for a made-up or spent recovery token, and one for a live link', async () => {
    const member = await newMember(server.url, admin);
    await api().post('/v1/forgot_password').set('x-forwarded-for', '10.70.0.1').send({ email: member.email }).expect(200);
    const token = linkParam((await mailTo(server.url, admin, member.email, /reset/i)).link, 'token');
    const hash = vi.spyOn(server.app.get(PasswordHasher), 'hash');

    const madeUp = await api().post('/v1/reset_password').set('x-forwarded-for', '10.70.0.2').send(reset('made-up-token-0123456789')).expect(400);
    expect(madeUp.body.msg.description).toBe(MSG.tokenInvalid);
    expect(hash).not.toHaveBeenCalled();

    await api().post('/v1/reset_password').set('x-forwarded-for', '10.70.0.2').send(reset(token)).expect(200);
    expect(hash).toHaveBeenCalledTimes(1);
    await api().post('/v1/reset_password').set('x-forwarded-for', '10.70.0.2').send(reset(token, 'new-password-2')).expect(400);
    expect(hash).toHaveBeenCalledTimes(1);
    await login(server.url, member.email, 'new-password-1', { ip: '10.70.0.3' });
  });

  it('lets at most 10 of 150 parallel resets from one address through in 15 minutes, hashing nothing for them; other addresses still reset', async () => {
    const hash = vi.spyOn(server.app.get(PasswordHasher), 'hash');
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) =>
      api().post('/v1/reset_password').set('x-forwarded-for', '10.71.0.1').send(reset(`guessed-token-${i}-0123456789`))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 400), JSON.stringify(statuses)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(140);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toMatchObject({ status_code: 429, msg: { description: MSG.tooManyAttempts } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(hash).not.toHaveBeenCalled();

    const member = await newMember(server.url, admin);
    await api().post('/v1/forgot_password').set('x-forwarded-for', '10.71.0.2').send({ email: member.email }).expect(200);
    const token = linkParam((await mailTo(server.url, admin, member.email, /reset/i)).link, 'token');
    await api().post('/v1/reset_password').set('x-forwarded-for', '10.71.0.1').send(reset(token)).expect(429);
    await api().post('/v1/reset_password').set('x-forwarded-for', '10.71.0.3').send(reset(token)).expect(200);
  });
});
