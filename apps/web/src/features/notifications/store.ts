import type { NotificationPush, NotificationView } from '@stardeck/contracts/browser';
import { proxy } from 'valtio';
import { applyNotificationCount } from '../../lib/session/store';
import { toastFailure } from '../../lib/toasts/from-result';
import type { ApiResult } from '../../lib/api-client';
import { dismissAllNotifications, dismissNotification, getNotifications, type NotificationPage } from './api/notifications';

/** A notification as the list shows it: `read` while its dismissal is on its way to the server. */
export type NotificationItem = NotificationView & { read: boolean };

export interface NotificationsState {
  items: NotificationItem[];
  total: number;
  hasMore: boolean;
  loaded: boolean;
  loading: boolean;
  /** A dismissal (one or all) is running; spec §4 allows one at a time. */
  busy: boolean;
}

const initial = (): NotificationsState => ({ items: [], total: 0, hasMore: false, loaded: false, loading: false, busy: false });

export const notificationsStore = proxy<NotificationsState>(initial());

/** Bumped by reset(): an answer to a request made before a logout is dropped. */
let epoch = 0;

const item = (n: NotificationView): NotificationItem => ({ ...n, read: false });
const find = (id: string) => notificationsStore.items.find((n) => n.id === id);

/** The first page (again), newest first. */
export async function loadNotifications(): Promise<boolean> {
  const result = await preloadNotifications();
  if (!result.ok) toastFailure(result.failure);
  return result.ok;
}

/**
 * The /notifications route's preload: the first page into the store, or the failure for the
 * route to report (it sends the member to /, spec §2).
 */
export async function preloadNotifications(): Promise<ApiResult<NotificationPage>> {
  const started = epoch;
  notificationsStore.loading = true;
  const result = await getNotifications(0);
  if (started !== epoch) return result;
  notificationsStore.loading = false;
  if (!result.ok) return result;
  fillFirstPage(result.envelope.data!);
  return result;
}

function fillFirstPage(page: NotificationPage): void {
  // A dismissal in flight keeps its read mark; a page never brings back what it is removing.
  const reading = new Set(notificationsStore.items.filter((n) => n.read).map((n) => n.id));
  notificationsStore.items = page.notifications.map((n) => ({ ...n, read: reading.has(n.id) }));
  notificationsStore.total = page.total;
  notificationsStore.hasMore = page.has_more;
  notificationsStore.loaded = true;
}

/** The next page of 20 after what is shown. */
export async function loadMoreNotifications(): Promise<boolean> {
  if (notificationsStore.loading) return false;
  const started = epoch;
  notificationsStore.loading = true;
  const result = await getNotifications(notificationsStore.items.length);
  if (started !== epoch) return false;
  notificationsStore.loading = false;
  if (!result.ok) {
    toastFailure(result.failure);
    return false;
  }
  const page = result.envelope.data!;
  const shown = new Set(notificationsStore.items.map((n) => n.id));
  notificationsStore.items.push(...page.notifications.filter((n) => !shown.has(n.id)).map(item));
  notificationsStore.total = page.total;
  notificationsStore.hasMore = page.has_more;
  return true;
}

/**
 * Spec §4: the notification is marked read at once, removed when the server confirms, and
 * unread again when it refuses. Refused (false, nothing sent) while another dismissal runs.
 */
export async function dismiss(id: string): Promise<boolean> {
  const target = find(id);
  if (notificationsStore.busy || !target || target.read) return false;
  const started = epoch;
  notificationsStore.busy = true;
  target.read = true;
  const result = await dismissNotification(id);
  if (started !== epoch) return false;
  notificationsStore.busy = false;
  if (!result.ok) {
    const again = find(id);
    if (again) again.read = false;
    toastFailure(result.failure);
    return false;
  }
  // The answer's `me` already carried the new count to the session.
  const before = notificationsStore.items.length;
  notificationsStore.items = notificationsStore.items.filter((n) => n.id !== id);
  notificationsStore.total = Math.max(0, notificationsStore.total - (before - notificationsStore.items.length));
  return true;
}

/** Spec §4 'dismiss all': every one read at once, the list emptied on success, restored on failure. */
export async function dismissAll(): Promise<boolean> {
  if (notificationsStore.busy || notificationsStore.items.length === 0) return false;
  const started = epoch;
  notificationsStore.busy = true;
  const marked = notificationsStore.items.filter((n) => !n.read).map((n) => n.id);
  for (const n of notificationsStore.items) n.read = true;
  const result = await dismissAllNotifications();
  if (started !== epoch) return false;
  notificationsStore.busy = false;
  if (!result.ok) {
    const restore = new Set(marked);
    for (const n of notificationsStore.items) if (restore.has(n.id)) n.read = false;
    toastFailure(result.failure);
    return false;
  }
  notificationsStore.items = [];
  notificationsStore.total = 0;
  notificationsStore.hasMore = false;
  return true;
}

/** A notification pushed over the live channel: at the top of the list, with the new count. */
export function receive(push: NotificationPush): void {
  applyNotificationCount(push.notification_count);
  if (find(push.notification.id)) return;
  notificationsStore.items.unshift(item(push.notification));
  notificationsStore.total += 1;
}

/** Only the count changed (a dismissal in another tab). */
export function receiveCount(count: number): void {
  applyNotificationCount(count);
}

export function reset(): void {
  epoch += 1;
  Object.assign(notificationsStore, initial());
}
