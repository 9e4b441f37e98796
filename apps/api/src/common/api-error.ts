import { HttpException } from '@nestjs/common';
import { MSG } from '@stardeck/contracts';

/**
 * An error with the spec §8 envelope: msg.title and msg.description, plus per-field messages for
 * form calls. Thrown anywhere; the exception filter renders it.
 */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly title: string,
    readonly description: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
    readonly errorCode?: string,
  ) {
    super(description, status);
  }

  /** An error the client branches on by `error_code` (upload errors of spec §8). */
  static coded(status: number, errorCode: string, title: string, description: string) {
    return new ApiError(status, title, description, undefined, {}, errorCode);
  }

  static badRequest(title: string, description: string, fields?: Record<string, string>) {
    return new ApiError(400, title, description, fields);
  }
  static unauthorized(description: string = MSG.notAuthenticated, title = 'Unauthorized', headers: Record<string, string> = {}) {
    return new ApiError(401, title, description, undefined, headers);
  }
  static forbidden(description: string = MSG.forbidden, title = 'Forbidden') {
    return new ApiError(403, title, description);
  }
  static notFound(description: string = MSG.notFound, title = 'Not Found') {
    return new ApiError(404, title, description);
  }
  static conflict(description: string = MSG.conflict, title = 'Conflict', fields?: Record<string, string>) {
    return new ApiError(409, title, description, fields);
  }
  static tooManyRequests(retryAfterSeconds: number) {
    return new ApiError(429, 'Too Many Requests', MSG.tooManyAttempts, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}
