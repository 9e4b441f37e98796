import type { S3StorageOptions } from '@stardeck/infra';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The Swagger UI's own page: its bundle sets inline styles and loads its logo as a data: image. */
const DOCS_PREFIX = '/docs';

/**
 * Where the browser may send and fetch objects besides this origin: with S3 the signed upload
 * and play URLs point at the store (`{endpoint}/{bucket}/…`, or `{bucket}.{host}` for virtual-hosted buckets).
 */
export function storageOrigins(s3: S3StorageOptions | null): string[] {
  if (!s3) return [];
  // Browsers load from the public endpoint when there is one.
  const endpoint = new URL(s3.publicEndpoint || s3.endpoint);
  return s3.forcePathStyle ? [endpoint.origin] : [endpoint.origin, `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`];
}

/**
 * The headers every answer carries. The CSP allows only this origin's scripts and styles (the
 * built client has no inline script or style), audio and uploads to the object store, no
 * plugins, and no framing by any site. No upgrade-insecure-requests: `npm start` serves plain
 * http, where it would send the page's own requests to an https port nobody listens on.
 */
export function securityHeaderOptions(s3: S3StorageOptions | null): HelmetOptions {
  const storage = storageOrigins(s3);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'", ...storage],
        'media-src': ["'self'", ...storage],
        'img-src': ["'self'", 'data:', ...storage],
        'font-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** The embedded player is made to be framed by other sites; the rest of its policy stays as strict. */
const EMBED_PREFIX = '/embed/';

function embedOverrides(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (!csp || csp === true) return { frameguard: false };
  return {
    contentSecurityPolicy: { ...csp, directives: { ...csp.directives, 'frame-ancestors': ['*'] } },
    frameguard: false,
  };
}

/** The Swagger UI page needs inline styles; everything else stays as strict as the app's. */
function docsOverrides(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (!csp || csp === true) return {};
  return {
    contentSecurityPolicy: { ...csp, directives: { ...csp.directives, 'style-src': ["'self'", "'unsafe-inline'"] } },
  };
}

/**
 * The headers helmet sets for one configuration, worked out once: helmet's middleware run against
 * a response that only records them. They never depend on the request, so every answer gets the
 * same values without building the middleware again (the plugin rebuilt it, CSP parsing and all,
 * on every request).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return headers;
}

/**
 * Sets helmet's headers on every route, from header sets made once: the app's, and looser ones
 * for the Swagger UI and the embedded player. Must run before the Swagger UI routes are added,
 * so that they get their own style rule.
 */
export async function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): Promise<void> {
  const app = securityHeadersOf(options);
  const docs = securityHeadersOf({ ...options, ...docsOverrides(options) } as HelmetOptions);
  const embed = securityHeadersOf({ ...options, ...embedOverrides(options) } as HelmetOptions);
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
      route.config = { ...route.config, securityHeaders: docs } as RouteOptions['config'];
    } else if (route.url.startsWith(EMBED_PREFIX)) {
      route.config = { ...route.config, securityHeaders: embed } as RouteOptions['config'];
    }
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    const own = (request.routeOptions.config as { securityHeaders?: Record<string, string> } | undefined)?.securityHeaders;
    void reply.headers(own ?? app);
    done();
  });
}

/**
 * The same headers for answers Fastify writes before any hook runs (a malformed URL), where the
 * plugin's hook never sees the request.
 */
export function applySecurityHeaders(options: HelmetOptions): (request: FastifyRequest, reply: FastifyReply) => void {
  const middleware = helmet(options);
  return (request, reply) => middleware(request.raw, reply.raw, () => undefined);
}
