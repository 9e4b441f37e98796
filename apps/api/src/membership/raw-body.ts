import { Readable } from 'node:stream';
import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs the body's exact bytes (a webhook whose signature covers them). */
    rawBody?: boolean;
  }
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** Webhook bodies are small; Stripe's events stay far below this. */
const RAW_BODY_LIMIT = 512 * 1024;

/** Marks a JSON route whose handler reads `request.rawBody` as well as the parsed body. */
export const KeepsRawBody = () => applyDecorators(RouteConfig({ rawBody: true }));

/**
 * Keeps the exact bytes of the body for routes marked with KeepsRawBody, and hands the same bytes
 * on to the JSON parser. Every other route's body streams to its parser untouched. Must be added
 * before the routes are registered.
 */
export function registerRawBodyCapture(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request: FastifyRequest, _reply, payload) => {
    if (!request.routeOptions.config?.rawBody) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > RAW_BODY_LIMIT) throw new ApiError(413, 'Payload Too Large', `Bodies of this endpoint are at most ${RAW_BODY_LIMIT} bytes`);
      chunks.push(buffer);
    }
    const raw = Buffer.concat(chunks);
    request.rawBody = raw;
    return Object.assign(Readable.from([raw]), { receivedEncodedLength: raw.length });
  });
}
