import { createServer, type Server } from 'node:http';
import type { Platform } from './platform';
import { pingDatabase } from './db/connect';

/**
 * /health and /ready for the roles that serve no HTTP (projector, transcoder), on HEALTH_PORT, so
 * an orchestrator can probe them as it probes the API: /health answers while the process runs,
 * /ready while the database and the bus are reachable. Nothing else is served.
 */
export async function startHealthServer(platform: Platform, port: number, host = '0.0.0.0'): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, { status: 'error', status_code: 405 });
    if (path === '/health') return send(200, { status: 'success', status_code: 200, data: { alive: true } });
    if (path !== '/ready') return send(404, { status: 'error', status_code: 404 });
    void Promise.all([pingDatabase(platform.database.db).then(() => true, () => false), platform.bus.isHealthy().catch(() => false)]).then(([database, bus]) => {
      const ready = database && bus;
      send(ready ? 200 : 503, { status: ready ? 'success' : 'error', status_code: ready ? 200 : 503, data: { database, bus } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
