import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { STORAGE_ROUTE_PREFIX } from '@stardeck/infra';
import type { FastifyInstance } from 'fastify';

/**
 * Lets uploads to the storage endpoint arrive as a raw stream, whatever their content type.
 * It is Fastify's fallback parser, so JSON and form routes keep their own parsers, and any other
 * route still answers 415 for a body type it does not understand.
 */
export function registerUploadBodyParser(fastify: FastifyInstance): void {
  if (fastify.hasContentTypeParser('*')) return;
  fastify.addContentTypeParser('*', (request, payload, done) => {
    if (request.method === 'PUT' && request.url.startsWith(STORAGE_ROUTE_PREFIX)) return done(null, payload);
    const error = Object.assign(new Error(`Unsupported Media Type: ${request.headers['content-type'] ?? ''}`), { statusCode: 415 });
    return done(error, undefined);
  });
}

/**
 * The request body as a stream that can fail on its own. Piping (not pipeline) keeps the
 * request open when storage gives up early, so the 413 can still be written; a client that goes
 * away mid-upload fails the copy instead of leaving it waiting forever.
 */
export function detachedBody(raw: IncomingMessage): Readable {
  const body = new PassThrough();
  raw.once('error', (error) => body.destroy(error));
  raw.once('close', () => {
    if (!raw.complete) body.destroy(new Error('the client stopped sending the upload'));
  });
  raw.pipe(body);
  return body;
}
