import { proxy } from 'valtio';

/** Spec §9: a toast stays 7 s, then takes 0.6 s to leave. */
export const TOAST_VISIBLE_MS = 7000;
export const TOAST_EXIT_MS = 600;
/** More at once would cover the page; the oldest gives way. */
const MAX_TOASTS = 5;

export type ToastKind = 'success' | 'error';

export interface ToastInput {
  kind: ToastKind;
  title: string;
  description?: string;
  /** The HTTP status the toast reports, when it reports an answer of the API. */
  code?: number;
}

export interface Toast extends ToastInput {
  id: number;
  /** Playing its exit animation; removed when that ends. */
  leaving: boolean;
}

export const toasts = proxy<{ list: Toast[] }>({ list: [] });

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function schedule(id: number, ms: number, run: () => void): void {
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(run, ms));
}

/** Shows a toast (spec §2); it leaves by itself after 7 s, or when clicked. Returns its id. */
export function showToast(input: ToastInput): number {
  const id = nextId++;
  toasts.list.push({ ...input, id, leaving: false });
  while (toasts.list.length > MAX_TOASTS) remove(toasts.list[0]!.id);
  schedule(id, TOAST_VISIBLE_MS, () => dismissToast(id));
  return id;
}

/** Starts the exit animation; the toast is gone 0.6 s later. */
export function dismissToast(id: number): void {
  const toast = toasts.list.find((t) => t.id === id);
  if (!toast || toast.leaving) return;
  toast.leaving = true;
  schedule(id, TOAST_EXIT_MS, () => remove(id));
}

function remove(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const index = toasts.list.findIndex((t) => t.id === id);
  if (index >= 0) toasts.list.splice(index, 1);
}

export function reset(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts.list.splice(0);
}
