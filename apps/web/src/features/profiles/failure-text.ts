import type { ApiFailure } from '../../lib/api-client';

/** Spec §8: a form failure says the server's description, else the form's own default. */
export function failureText(failure: ApiFailure, fallback: string): string {
  if (failure.kind === 'network') return failure.status === null ? 'Unable to connect to the server' : fallback;
  const { msg, errors } = failure.envelope;
  return msg?.description || (errors && Object.values(errors)[0]) || fallback;
}
