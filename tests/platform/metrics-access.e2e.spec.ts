import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIG, startTestServer, type TestServer } from '../support/server';

const TOKEN = 'metrics-token-for-the-scraper-0123';

/** /metrics shows event counts by type (sign-ups, access requests), so nobody on the internet may read it. */
describe('/metrics is not public', () => {
  let withToken: TestServer;
  let withoutToken: TestServer;
  beforeAll(async () => {
    [withToken, withoutToken] = await Promise.all([startTestServer({ env: { METRICS_TOKEN: TOKEN } }), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([withToken?.stop(), withoutToken?.stop()]);
  });

  it('with METRICS_TOKEN set, answers only its bearer token, from any address', async () => {
    const missing = await request(withToken.url).get('/metrics').expect(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.text).not.toContain('stardeck_events_appended');
    await request(withToken.url).get('/metrics').set('authorization', `Bearer ${TOKEN}x`).expect(401);
    await request(withToken.url).get('/metrics').set('authorization', TOKEN).expect(401);
    const scraped = await request(withToken.url).get('/metrics').set('x-forwarded-for', '203.0.113.9').set('authorization', `Bearer ${TOKEN}`).expect(200);
    expect(scraped.text).toContain('stardeck_relay_lag_events');
  });

  it('without METRICS_TOKEN, answers 404 on services, and on embedded serves only this machine', async () => {
    const remote = await request(withoutToken.url).get('/metrics').set('x-forwarded-for', '203.0.113.9').expect(404);
    expect(remote.text).not.toContain('stardeck_');
    await request(withoutToken.url).get('/metrics').set('x-forwarded-for', '203.0.113.9').set('authorization', 'Bearer anything-at-all-here').expect(404);
    const local = await request(withoutToken.url).get('/metrics');
    if (TEST_CONFIG === 'services') {
      expect(local.status).toBe(404);
    } else {
      expect(local.status).toBe(200);
      expect(local.text).toContain('stardeck_relay_lag_events');
    }
  });
});
