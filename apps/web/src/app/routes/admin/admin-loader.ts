import type { LoaderFunctionArgs, Params } from 'react-router';
import { session } from '../../../lib/session/store';
import { guard, type Preload } from '../../route-access';
import type { RouteHandle } from '../../titles';

/** What an admin route's loader gives anyone but an admin: the page then shows the 404 screen. */
export const NOT_ADMIN = { not_admin: true } as const;

export const isAdmin = () => session.me?.role === 'admin';

export function isNotAdmin(data: unknown): data is typeof NOT_ADMIN {
  return typeof data === 'object' && data !== null && 'not_admin' in data;
}

/**
 * The loader of every /admin route: a visitor goes to / like on any required route; a member gets
 * the 404 screen, exactly as for a path that does not exist (the API answers them 404 too); an
 * admin gets the page's preload, whose failure sends them to / like any other.
 */
export function adminLoader<T>(preload?: Preload<T>) {
  return async (args: LoaderFunctionArgs) => {
    const refused = await guard('required')(args);
    if (refused) return refused;
    if (!isAdmin()) return NOT_ADMIN;
    return guard('required', preload)(args);
  };
}

export const numberParam = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : undefined);

/** An admin page's handle: titled like the page for an admin, like the 404 page for anyone else. */
export function adminHandle(title: string, command: (params: Params) => string): RouteHandle {
  return {
    title: () => (isAdmin() ? title : 'not found'),
    command: (params) => (isAdmin() ? command(params) : 'cd'),
  };
}
