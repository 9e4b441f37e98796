import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorEnvelope } from '@stardeck/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toEnvelope } from './exception.filter';

/**
 * Answers the errors Fastify raises before routing (a malformed percent-encoding, a path
 * parameter past its length limit) in the spec's envelope. No hook has run for these requests,
 * so the request id and the security headers are added here.
 */
export function frameworkErrorHandler(applyHeaders: (request: FastifyRequest, reply: FastifyReply) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    applyHeaders(request, reply);
    const envelope = toEnvelope(error);
    if (envelope.status_code >= 500) request.log.error({ err: error }, 'request failed');
    void reply.header('x-request-id', request.id).status(envelope.status_code).send(envelope);
  };
}

const CONNECTION_ERRORS: Record<string, { status: number; description: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, description: 'The request did not arrive in time' },
  HPE_HEADER_OVERFLOW: { status: 431, description: 'The request headers are too large' },
};

/**
 * Requests Node cannot parse as HTTP never become a request object; like Fastify's own handler,
 * this writes the answer on the socket and closes it, but with the envelope as its body.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CONNECTION_ERRORS[error.code ?? ''] ?? { status: 400, description: 'The request is not valid HTTP' };
  const title = STATUS_CODES[known.status] ?? 'Bad Request';
  const envelope: ErrorEnvelope = { status: 'error', status_code: known.status, msg: { title, description: known.description } };
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${title}\r\ncontent-type: application/json; charset=utf-8\r\nx-content-type-options: nosniff\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
