import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIG, startTestServer, type TestServer } from '../support/server';

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123';

describe('operational endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reports liveness and readiness of the database and the bus', async () => {
    await request(server.url).get('/health').expect(200);
    const ready = await request(server.url).get('/ready').expect(200);
    const kinds = TEST_CONFIG === 'embedded' ? { database_kind: 'pglite', bus_kind: 'in-process' } : { database_kind: 'postgres', bus_kind: 'jetstream' };
    expect(ready.body.data).toMatchObject({ database: true, bus: true, ...kinds });
  });

  it('answers unknown routes with the error envelope and a request id', async () => {
    const res = await request(server.url).get('/v1/nothing-here').set('x-request-id', 'trace-123').expect(404);
    expect(res.body).toMatchObject({ status: 'error', status_code: 404, msg: { title: 'Not Found' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('serves Prometheus metrics and the OpenAPI document', async () => {
    await request(server.url).get('/health');
    const metrics = await request(server.url).get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    expect(metrics.text).toContain('stardeck_http_request_duration_seconds');
    expect(metrics.text).toContain('stardeck_relay_lag_events');
    const doc = await request(server.url).get('/docs/openapi.json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    // Bodies are described from the contracts' validation rules.
    expect(doc.body.paths['/v1/login'].post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/LoginDto');
    expect(doc.body.components.schemas.LoginDto.properties.email).toMatchObject({ type: 'string', maxLength: 128 });
    expect(doc.body.components.schemas.CreateAccountDto.required).toEqual(expect.arrayContaining(['email', 'username', 'password', 'invitation_key']));
  });
});
