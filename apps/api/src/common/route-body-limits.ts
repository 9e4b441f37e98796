import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Routes whose JSON bodies may exceed the app-wide 1 MB limit. Track and collection create and
 * edit carry artwork as base64 (a 1 MB image is about 1.4 MB of text). The limit is set well above that so
 * an oversized image still reaches the artwork check and gets the spec's 'Artwork too large
 * (X MB)' answer instead of a bare 413.
 */
const LARGER_BODIES: { method: string; url: string; bytes: number }[] = [
  { method: 'POST', url: '/v1/manage/tracks', bytes: 8 * 1024 * 1024 },
  { method: 'PUT', url: '/v1/manage/tracks', bytes: 8 * 1024 * 1024 },
  { method: 'POST', url: '/v1/manage/collections', bytes: 8 * 1024 * 1024 },
  { method: 'PUT', url: '/v1/manage/collections/:id', bytes: 8 * 1024 * 1024 },
];

/** Must be added before the routes are registered (before app.init()). */
export function applyRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    const match = LARGER_BODIES.find((entry) => entry.url === route.url && methods.includes(entry.method));
    if (match) route.bodyLimit = match.bytes;
  });
}
