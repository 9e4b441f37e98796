import { ApiError } from './api-error';

/**
 * The answer to a path no route serves. Admin routes give members the very same answer, so a
 * member cannot tell an admin route from a missing one.
 */
export function missingRoute(method: string, url: string): ApiError {
  const path = url.split('?')[0] ?? url;
  return ApiError.notFound(`Cannot ${method} ${path}`);
}
