import { setTimeout as sleep } from 'node:timers/promises';

/**
 * forgot_password and resend_verification answer no sooner than this after they start their work.
 * For a known address they append an event (a transaction on the account's stream); for an
 * unknown one there is nothing to write. Doing the same work for both would mean writing
 * something about addresses that have no account, and a database write would still not take the
 * same time as no write. So both answers wait until this floor instead, and the answer time says
 * nothing about whether the address has an account. The floor sits well above the append (around
 * 100 ms, and under 300 ms, on a busy two-core machine); an answer that takes longer than the
 * floor still leaks, so keep it above what the slowest append takes.
 */
export const MAIL_REQUEST_ANSWER_MS = 400;

/** Runs `work` and answers when it has finished and at least `floorMs` have passed since it started. */
export async function answerNoSooner<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const left = floorMs - (performance.now() - started);
  if (left > 0) await sleep(left);
  return result;
}
