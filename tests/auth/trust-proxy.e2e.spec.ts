import request from 'supertest';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestServer } from '../support/server';
import { ADMIN, startAuthServer } from './helpers';

describe('per-address login throttling without a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAuthServer({ TRUST_PROXY: 'false' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('ignores X-Forwarded-For, so a client cannot buy new attempts by inventing addresses', async () => {
    const api = () => request(server.url);
    for (let i = 0; i < 20; i++) {
      await api().post('/v1/login').set('x-forwarded-for', `198.51.100.${i}`).send({ email: `probe${i}@example.com`, password: 'wrong-password' }).expect(401);
    }
    await api().post('/v1/login').set('x-forwarded-for', '203.0.113.77').send({ email: ADMIN.email, password: ADMIN.password }).expect(429);
  });
});
