import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import { MSG, type ErrorEnvelope } from '@stardeck/contracts';
import { ConcurrencyError } from '@stardeck/infra';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  408: 'Request Timeout', 409: 'Conflict', 413: 'Payload Too Large', 414: 'URI Too Long', 415: 'Unsupported Media Type',
  429: 'Too Many Requests', 431: 'Request Header Fields Too Large',
};

/** Renders every error, expected or not, as the spec §8 envelope; unexpected ones are logged, never leaked. */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const envelope = toEnvelope(exception);
    if (envelope.status_code >= 500) request.log.error({ err: exception }, 'request failed');
    if (exception instanceof ApiError) {
      for (const [name, value] of Object.entries(exception.headers)) void reply.header(name, value);
    }
    // A handler may have set another type (the artwork route's image/svg+xml); the envelope is JSON.
    void reply.status(envelope.status_code).type('application/json; charset=utf-8').send(envelope);
  }
}

export function toEnvelope(exception: unknown): ErrorEnvelope {
  if (exception instanceof ApiError) {
    const status = exception.getStatus();
    return { status: 'error', status_code: status, msg: { title: exception.title, description: exception.description }, ...(exception.fields ? { errors: exception.fields } : {}), ...(exception.errorCode ? { error_code: exception.errorCode } : {}) };
  }
  if (exception instanceof ConcurrencyError) {
    return { status: 'error', status_code: 409, msg: { title: 'Conflict', description: MSG.conflict } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const description = typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? exception.message);
    return { status: 'error', status_code: status, msg: { title: TITLES[status] ?? 'Error', description } };
  }
  const status = (exception as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own errors (malformed JSON, body too large) carry a client status code.
    return { status: 'error', status_code: status, msg: { title: TITLES[status] ?? 'Bad Request', description: (exception as Error).message } };
  }
  return { status: 'error', status_code: 500, msg: { title: 'Internal Server Error', description: MSG.internal } };
}
