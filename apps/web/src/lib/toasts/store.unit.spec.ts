import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastFailure, toastResult } from './from-result';
import { TOAST_EXIT_MS, TOAST_VISIBLE_MS, dismissToast, reset, showToast, toasts } from './store';

describe('toasts (spec §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reset();
  });
  afterEach(() => vi.useRealTimers());

  it('stays 7 s, then plays a 0.6 s exit and is gone', () => {
    showToast({ kind: 'success', title: 'Login', description: 'Welcome back, nova', code: 200 });
    vi.advanceTimersByTime(TOAST_VISIBLE_MS - 1);
    expect(toasts.list).toMatchObject([{ title: 'Login', leaving: false }]);
    vi.advanceTimersByTime(1);
    expect(toasts.list).toMatchObject([{ leaving: true }]);
    vi.advanceTimersByTime(TOAST_EXIT_MS - 1);
    expect(toasts.list).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.list).toHaveLength(0);
  });

  it('leaves when clicked, with the same exit', () => {
    const id = showToast({ kind: 'error', title: 'Login', description: 'Invalid credentials', code: 401 });
    vi.advanceTimersByTime(1000);
    dismissToast(id);
    dismissToast(id);
    expect(toasts.list[0]!.leaving).toBe(true);
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(toasts.list).toHaveLength(0);
  });

  it('shows an error answer with its msg and the server status_code (spec §8)', () => {
    toastFailure({
      kind: 'http', status: 401, headers: new Headers(),
      envelope: { status: 'error', status_code: 401, msg: { title: 'Login', description: 'Invalid credentials' } },
    });
    expect(toasts.list).toMatchObject([{ kind: 'error', title: 'Login', description: 'Invalid credentials', code: 401 }]);
  });

  it('says the server cannot be reached when no answer came', () => {
    toastFailure({ kind: 'network', status: null, message: 'Failed to fetch' });
    expect(toasts.list).toMatchObject([{ kind: 'error', title: 'Internal Server Error', description: 'Unable to connect to the server' }]);
  });

  it('shows a success msg unless the caller opts out, and nothing for a success without msg', () => {
    const answer = { ok: true as const, status: 200, headers: new Headers(), envelope: { status: 'success' as const, status_code: 200, msg: { title: 'Invite', description: 'Invite created' } } };
    toastResult(answer, { silent: true });
    toastResult({ ...answer, envelope: { status: 'success', status_code: 200 } });
    expect(toasts.list).toHaveLength(0);
    toastResult(answer);
    expect(toasts.list).toMatchObject([{ kind: 'success', title: 'Invite', description: 'Invite created', code: 200 }]);
  });
});
