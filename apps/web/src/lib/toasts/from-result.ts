import type { ApiMessage } from '@stardeck/contracts/browser';
import type { ApiFailure, ApiResult } from '../api';
import { showToast } from './store';

/**
 * Turns API answers into toasts by the rules of spec §8. The API client never calls these: the
 * action that made the call decides whether its outcome deserves a toast.
 */
export function toastFailure(failure: ApiFailure, fallback: ApiMessage = {}): void {
  if (failure.kind === 'network') {
    showToast(
      failure.status === null
        ? { kind: 'error', title: 'Internal Server Error', description: 'Unable to connect to the server' }
        : { kind: 'error', title: 'Internal Server Error', description: failure.message || 'An unexpected error occurred', code: failure.status },
    );
    return;
  }
  const { msg, status_code: code } = failure.envelope;
  showToast({
    kind: 'error',
    title: msg?.title || fallback.title || 'Error',
    description: msg?.description || fallback.description,
    code: code || failure.status || 500,
  });
}

/** A success answer shows its msg unless the caller opts out, or it has none. */
export function toastSuccess(result: Extract<ApiResult<unknown>, { ok: true }>, options: { silent?: boolean } = {}): void {
  const msg = result.envelope.msg;
  if (options.silent || !(msg?.title || msg?.description)) return;
  showToast({ kind: 'success', title: msg.title || 'Done', description: msg.description, code: result.envelope.status_code || result.status });
}

/** Either of the two, for calls whose both outcomes are worth telling. */
export function toastResult(result: ApiResult<unknown>, options: { silent?: boolean; fallback?: ApiMessage } = {}): void {
  if (result.ok) toastSuccess(result, options);
  else toastFailure(result.failure, options.fallback);
}
