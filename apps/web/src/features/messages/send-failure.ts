import { DM_MSG } from '@stardeck/contracts/browser';
import type { ApiFailure } from '../../lib/api';

/** Spec §8 'Send message': what a refused send shows. */
export function sendFailureText(failure: ApiFailure): string {
  if (failure.kind === 'network') return failure.message || DM_MSG.sendFailed;
  const description = failure.envelope.msg?.description;
  switch (failure.status) {
    case 404:
      return description || DM_MSG.sendFailed;
    case 400:
      return description || DM_MSG.invalidContent;
    case 403:
      return DM_MSG.cannotMessageSelf;
    default:
      return description || DM_MSG.sendFailed;
  }
}
