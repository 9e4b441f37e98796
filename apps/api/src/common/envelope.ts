import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { ApiMessage, Me } from '@stardeck/contracts';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';

/** What a controller returns: the interceptor adds status and status_code. */
export interface Reply<T = unknown> {
  data?: T;
  msg?: ApiMessage;
  me?: Me;
}

export function ok<T>(data?: T, msg?: ApiMessage, me?: Me): Reply<T> {
  return { ...(data === undefined ? {} : { data }), ...(msg ? { msg } : {}), ...(me ? { me } : {}) };
}

/** Wraps every successful JSON reply in the spec's success envelope. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((body: unknown) => {
        if (body === undefined || body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return body;
        if ('status' in body && 'status_code' in body) return body;
        return { status: 'success', status_code: reply.statusCode, ...(body as Reply) };
      }),
    );
  }
}
