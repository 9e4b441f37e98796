import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface AppRoute {
  method: string;
  /** Fastify's pattern: `/v1/tracks/:id`, `/v1/storage/objects/*`. */
  url: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** One line of Fastify's route tree: indentation in steps of four, a branch, a path piece, the methods it answers. */
const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route the running app answers, read from Fastify's own route tree (one tree per
 * method), so a route added anywhere is listed without naming it here. HEAD twins of GET
 * routes are left out.
 */
export function listRoutes(app: NestFastifyApplication): AppRoute[] {
  const fastify = app.getHttpAdapter().getInstance();
  const routes: AppRoute[] = [];
  for (const method of METHODS) {
    const pieces: string[] = [];
    for (const line of fastify.printRoutes({ method, commonPrefix: true }).split('\n')) {
      const match = TREE_LINE.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      pieces.length = depth;
      pieces.push(match[2]!);
      if (match[3]?.split(', ').includes(method)) routes.push({ method, url: pieces.join('') });
    }
  }
  return routes;
}
