import type { Params } from 'react-router';

export const SITE_NAME = 'stardeck';

/**
 * What a route tells the shell about itself, in its `handle`: the title part of the document
 * title (spec §2) and the command it stands for (shown by the user-page transition and by a
 * screen that is not built yet).
 */
export interface RouteHandle {
  /** `data` is what the route's loader preloaded (a track detail titles itself with the track's title). */
  title: (params: Params, data?: unknown) => string;
  /** A user page: the title reads '{username} · {title}', and moving between users' pages plays the transition. */
  userPage?: boolean;
  /** Spec §2: track and collection detail are titled by the track or collection alone. */
  ownTitle?: boolean;
  command?: (params: Params) => string;
}

/** Spec §2: '{title} | {site}'; user pages put the username first: '{username} · {title} | {site}'. */
export function documentTitle(handle: RouteHandle, params: Params, data?: unknown): string {
  const title = handle.title(params, data);
  const named = handle.userPage && !handle.ownTitle && params.username ? `${params.username} · ${title}` : title;
  return `${named} | ${SITE_NAME}`;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'function';
}
