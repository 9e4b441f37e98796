import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventMetadata } from '@stardeck/infra';
import type { FastifyInstance } from 'fastify';

/** Who and what a request is, for every event it appends. */
export interface RequestContext {
  requestId: string;
  /** The signed-in member, once the auth guard has checked the token. */
  actor: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  /** Runs `work` as part of a request (or of a job acting on one's behalf). */
  run<T>(context: RequestContext, work: () => T): T {
    return storage.run(context, work);
  },

  current(): RequestContext | undefined {
    return storage.getStore();
  },

  setActor(actor: string): void {
    const context = storage.getStore();
    if (context) context.actor = actor;
  },

  /**
   * Metadata for the events this request appends: the actor and the request id, which also
   * becomes the correlation id of the chain the request starts. Outside a request the actor is
   * the system itself.
   */
  metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
    const context = storage.getStore();
    return {
      actor: context?.actor ?? 'system',
      ...(context ? { request_id: context.requestId } : {}),
      ...overrides,
    };
  },
};

/**
 * Enters the request's context once Fastify has read the body (the body's stream events would
 * otherwise run outside it), so guards, pipes and handlers all see it.
 */
export function registerRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, _reply, done) => {
    storage.run({ requestId: String(request.id), actor: null }, done);
  });
}
