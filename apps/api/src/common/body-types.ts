import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiConsumes } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

/** What a route reads from a request body: JSON unless it says otherwise. */
export type BodyKind = 'json' | 'multipart' | 'raw';

declare module 'fastify' {
  interface FastifyContextConfig {
    body?: BodyKind;
  }
}

/**
 * Marks a handler that reads something other than JSON: `multipart` (forms with a file, which
 * the OpenAPI document then lists as multipart/form-data) or `raw` (the storage endpoint, which
 * streams any file as it comes).
 */
export function AcceptsBody(kind: Exclude<BodyKind, 'json'>): MethodDecorator {
  return applyDecorators(RouteConfig({ body: kind }), ...(kind === 'multipart' ? [ApiConsumes('multipart/form-data')] : []));
}

export const bodyKindOf = (request: FastifyRequest): BodyKind => request.routeOptions.config?.body ?? 'json';

const MEDIA_TYPES: Record<Exclude<BodyKind, 'raw'>, string> = { json: 'application/json', multipart: 'multipart/form-data' };

/** The media type without its parameters (`application/json; charset=utf-8` → `application/json`). */
function mediaTypeOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

function carriesBody(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['content-type'] !== undefined || headers['transfer-encoding'] !== undefined) return true;
  return headers['content-length'] !== undefined && headers['content-length'] !== '0';
}

/**
 * Refuses, before a byte of it is read, a body the route does not read as that type. Browsers
 * send forms (urlencoded, multipart, text/plain) to any site without asking, with that site's
 * cookies; a JSON body needs a CORS preflight, which another site does not pass. GET and HEAD
 * bodies are never read.
 */
async function acceptOnlyDeclaredBodies(request: FastifyRequest): Promise<void> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.is404 || !carriesBody(request)) return;
  const kind = bodyKindOf(request);
  if (kind === 'raw') return;
  const type = mediaTypeOf(request.headers['content-type']);
  if (type === MEDIA_TYPES[kind]) return;
  throw new ApiError(415, 'Unsupported Media Type', `This endpoint takes ${kind === 'json' ? 'an' : 'a'} ${MEDIA_TYPES[kind]} body, not ${type ?? 'a body without a content type'}`);
}

/** State-changing calls take JSON, or what their route declares with AcceptsBody; call before routes are registered. */
export function registerBodyTypeCheck(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', acceptOnlyDeclaredBodies);
}
