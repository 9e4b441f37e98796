import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../support/routes';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The headers a browser needs on every answer, whatever its status. Only the embedded player
 * (`/embed/…`) may be framed, by any site; the rest of its policy is the same.
 */
function expectSecurityHeaders(headers: Headers, where: string, framable = false): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, where).toContain("default-src 'self'");
  expect(csp, where).toContain("script-src 'self'");
  expect(csp, where).toContain(framable ? 'frame-ancestors *' : "frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(csp, where).not.toContain('upgrade-insecure-requests');
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('x-frame-options'), where).toBe(framable ? null : 'DENY');
  expect(headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
}

async function expectEnvelope(res: Response, status: number): Promise<Record<string, any>> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as Record<string, any>;
  expect(body).toMatchObject({ status: 'error', status_code: status, msg: { title: expect.any(String), description: expect.any(String) } });
  return body;
}

/** Sends bytes that are not HTTP and returns what comes back before the server closes the socket. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(bytes);
  });
}

describe('web-facing defaults', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends the security headers on every route, successes and errors alike', async () => {
    const routes = listRoutes(server.app);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z_]+|\*/g, '1');
      const withBody = route.method !== 'GET';
      const res = await fetch(`${server.url}${path}`, {
        method: route.method,
        ...(withBody ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      await res.arrayBuffer();
      expectSecurityHeaders(res.headers, `${route.method} ${path} (${res.status})`, path.startsWith('/embed/'));
    }
    expectSecurityHeaders((await fetch(`${server.url}/v1/no-such-route`)).headers, 'unknown route');
  });

  it('answers a malformed percent-encoding in the envelope, with the headers and a request id', async () => {
    for (const path of ['/v1/tracks/%ZZ', '/%ZZ', '/v1/login%ZZ', '/v1/tracks/user/%ED%A0%80']) {
      const res = await fetch(`${server.url}${path}`, { headers: { 'x-request-id': 'trace-bad-url' } });
      const body = await expectEnvelope(res, 400);
      expect(body.msg.description).toContain('not a valid url component');
      expect(res.headers.get('x-request-id')).toBe('trace-bad-url');
      expectSecurityHeaders(res.headers, path);
    }
  });

  it('answers a path parameter past its length limit in the envelope', async () => {
    const res = await fetch(`${server.url}/v1/tracks/user/${'a'.repeat(150)}`);
    await expectEnvelope(res, 414);
    expectSecurityHeaders(res.headers, 'long parameter');
  });

  it('answers bytes that are not HTTP with the envelope before closing', async () => {
    const answer = await rawExchange(server.url, 'NOT-HTTP\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(JSON.parse(body!)).toEqual({ status: 'error', status_code: 400, msg: { title: 'Bad Request', description: 'The request is not valid HTTP' } });
  });

  it('answers an error from an image route as a JSON envelope, not as a broken image', async () => {
    const res = await fetch(`${server.url}/v1/tracks/not-a-track/artwork.svg`);
    await expectEnvelope(res, 404);
  });
});
