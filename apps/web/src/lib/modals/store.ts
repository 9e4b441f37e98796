import { proxy } from 'valtio';
import { isSignedIn } from '../session/store';
import { MODAL_RULES, type ModalName, type ModalProps, type ModalRule } from './registry';

export type OpenModal = { [N in ModalName]: { name: N; props: ModalProps[N]; key: number } }[ModalName];

/** One modal at a time; opening another replaces it. */
export const modals = proxy<{ current: OpenModal | null }>({ current: null });

export type OpenOutcome = { opened: true } | { opened: false; reason: string };

let nextKey = 1;

/**
 * Opens a modal if its rules allow (spec §2): members only unless public, and never without the
 * data it needs. A refusal is returned, not shown: the caller knows whether it deserves a toast.
 */
export function openModal<N extends ModalName>(name: N, ...[props]: Partial<ModalProps[N]> extends ModalProps[N] ? [ModalProps[N]?] : [ModalProps[N]]): OpenOutcome {
  const given = (props ?? {}) as ModalProps[N];
  const rule = MODAL_RULES[name] as ModalRule<N>;
  const signedIn = isSignedIn();
  if (!rule.public && !signedIn) return { opened: false, reason: 'Authentication required' };
  const refusal = rule.refuse?.(given, signedIn) ?? null;
  if (refusal) return { opened: false, reason: refusal };
  modals.current = { name, props: given, key: nextKey++ } as OpenModal;
  return { opened: true };
}

export function closeModal(): void {
  modals.current = null;
}

/** Route changes close every modal except the persistent ones (uploads, edits in progress…). */
export function closeOnRouteChange(): void {
  const current = modals.current;
  if (current && !MODAL_RULES[current.name].persistent) modals.current = null;
}

/** Logout: no modal of the member's survives, public ones included. */
export function reset(): void {
  modals.current = null;
}
