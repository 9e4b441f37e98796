import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stardeck/contracts';
import type { TestServer } from '../support/server';
import { startAuthServer } from './helpers';

describe('throttling of calls that send mail or probe invite keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const api = () => request(server.url);

  it('sends at most 3 recovery or verification mails an hour to one address', async () => {
    const email = 'flooded@example.com';
    for (let i = 0; i < 3; i++) {
      const path = i % 2 ? '/v1/resend_verification' : '/v1/forgot_password';
      await api().post(path).set('x-forwarded-for', `10.4.0.${i}`).send({ email }).expect(200);
    }
    const blocked = await api().post('/v1/forgot_password').set('x-forwarded-for', '10.4.0.9').send({ email: 'FLOODED@example.com' }).expect(429);
    expect(blocked.body).toMatchObject({ status: 'error', status_code: 429, msg: { description: MSG.tooManyAttempts } });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await api().post('/v1/forgot_password').set('x-forwarded-for', '10.4.0.9').send({ email: 'other@example.com' }).expect(200);
  });

  it('lets one address ask for at most 10 mails in 15 minutes, whatever the recipients', async () => {
    for (let i = 0; i < 10; i++) {
      await api().post('/v1/forgot_password').set('x-forwarded-for', '10.5.0.1').send({ email: `someone${i}@example.com` }).expect(200);
    }
    await api().post('/v1/resend_verification').set('x-forwarded-for', '10.5.0.1').send({ email: 'fresh@example.com' }).expect(429);
  });

  it('lets one address check at most 30 invite keys in 15 minutes', async () => {
    for (let i = 0; i < 30; i++) {
      const key = i.toString(16).padStart(12, '0');
      const res = await api().get(`/v1/validate_invite/${key}`).set('x-forwarded-for', '10.6.0.1').expect(200);
      expect(res.body.data.valid).toBe(false);
    }
    await api().get('/v1/validate_invite/0123456789ab').set('x-forwarded-for', '10.6.0.1').expect(429);
    await api().get('/v1/validate_invite/0123456789ab').set('x-forwarded-for', '10.6.0.2').expect(200);
  });
});
