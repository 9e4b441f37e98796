import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { LISTEN_PAGE_PATH } from '@stardeck/contracts';
import { httpRequestDuration, type Platform } from '@stardeck/infra';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './openapi';
import { registerBodyTypeCheck } from './common/body-types';
import { EnvelopeInterceptor } from './common/envelope';
import { EnvelopeExceptionFilter, toEnvelope } from './common/exception.filter';
import { missingRoute } from './common/missing-route';
import { clientErrorHandler, frameworkErrorHandler } from './common/framework-errors';
import { PinoNestLogger } from './common/pino-nest-logger';
import { registerRequestContext } from './common/request-context';
import { applyRouteBodyLimits } from './common/route-body-limits';
import { applySecurityHeaders, registerSecurityHeaders, securityHeaderOptions } from './common/security-headers';
import { ContractValidationPipe, registerSafeInputCheck } from './common/validation.pipe';
import { registerRawBodyCapture } from './membership/raw-body';
import { useRealtimeAdapter } from './realtime';
import { SyndicationService, sendListenShell } from './syndication';

/**
 * The build names every script, style and font under /assets by its content hash, so a browser
 * may keep them for a year without asking again; everything else (the app shell, the favicon)
 * is checked on every visit, so a new release is picked up at once. Without this each page load
 * revalidated every chunk it needed, one request apiece.
 */
const WEB_ASSET_CACHE = 'public, max-age=31536000, immutable';
const WEB_SHELL_CACHE = 'no-cache';
function webCacheHeaders(webDir: string) {
  const assets = join(resolve(webDir), 'assets') + sep;
  return (reply: { header(name: string, value: string): unknown }, path: string): void => {
    reply.header('cache-control', path.startsWith(assets) ? WEB_ASSET_CACHE : WEB_SHELL_CACHE);
  };
}

export interface AppOptions {
  /** Built web client to serve at `/` (embedded mode serves API and web on one port). */
  webDir?: string | null;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Composes the HTTP app on a platform: used by the API process, the all-in-one process and tests. */
export async function createApp(platform: Platform, options: AppOptions = {}): Promise<NestFastifyApplication> {
  const headers = securityHeaderOptions(platform.config.s3);
  const adapter = new FastifyAdapter({
    // Errors raised before routing (bad percent-encoding, over-long path parameters, unparsable HTTP) answer in the envelope too.
    frameworkErrors: frameworkErrorHandler(applySecurityHeaders(headers)),
    clientErrorHandler,
    loggerInstance: platform.logger,
    trustProxy: platform.config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // A caller's x-request-id is kept when it looks like one, so a request can be followed across services.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(platform), adapter, {
    logger: new PinoNestLogger(platform.logger),
    bufferLogs: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  await registerSecurityHeaders(fastify, headers);
  await app.register(fastifyCookie as never);
  // Multipart forms (the upload preflight); each route sets its own part limits when reading.
  await app.register(fastifyMultipart as never, { limits: { fileSize: 4 * 1024 * 1024, files: 1 } });
  applyRouteBodyLimits(fastify);
  registerRawBodyCapture(fastify);
  registerRequestContext(fastify);
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  // After the request id hook, so that refused requests carry their id too.
  registerBodyTypeCheck(fastify);
  registerSafeInputCheck(fastify);
  app.useGlobalPipes(new ContractValidationPipe());
  app.useGlobalInterceptors(new EnvelopeInterceptor());
  app.useGlobalFilters(new EnvelopeExceptionFilter());
  useRealtimeAdapter(app, platform);

  // Built on the first request for it, not at every start: describing every route and contract
  // schema took longer than the rest of creating the app.
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs/openapi.json' });

  if (options.webDir && existsSync(join(options.webDir, 'index.html'))) {
    await app.register(fastifyStatic as never, { root: options.webDir, wildcard: false, cacheControl: false, setHeaders: webCacheHeaders(options.webDir) });
    const shell = readFileSync(join(options.webDir, 'index.html'), 'utf8');
    // Client-side routes (/discover, /{username}, …) all load the app shell; unknown API paths stay 404.
    fastify.get('/*', (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/v1/') || path.includes('.')) {
        return reply.status(404).send(toEnvelope(missingRoute('GET', path)));
      }
      const listen = LISTEN_PAGE_PATH.exec(path);
      if (listen) return sendListenShell(reply, shell, app.get(SyndicationService), listen);
      return reply.type('text/html').sendFile('index.html');
    });
  }
  await app.init();
  return app;
}
