import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { ApiResult } from '../lib/api-client';
import { renewSession } from '../lib/session/lifecycle';
import { isSignedIn, session } from '../lib/session/store';
import { toastFailure } from '../lib/toasts/from-result';

/** Spec §2 access levels. */
export type Access = 'public' | 'required' | 'forbidden';

/** A path inside this site, never another origin (`//host`, `/\host`) or a scheme. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * Where a visitor may not stay, and where they go instead: a required route sends a signed-out
 * visitor to / with the wanted path in `redirect`; a forbidden one sends a member to /discover.
 */
export function accessRedirect(access: Access, signedIn: boolean, url: URL): string | null {
  if (access === 'required' && !signedIn) return `/?${new URLSearchParams({ redirect: url.pathname + url.search })}`;
  if (access === 'forbidden' && signedIn) return '/discover';
  return null;
}

/** Loads a route's data; its failure sends the visitor to / (spec §2). */
export type Preload<T> = (args: LoaderFunctionArgs) => Promise<ApiResult<T>>;

/**
 * The loader of a route: the access check first (renewing the session when its last
 * confirmation is older than 30 s), then the route's preload. Used by every route in router.tsx:
 *
 *     { path: 'explore/tags', loader: guard('public', (args) => getTagCloud(args.request.signal)), lazy: … }
 *
 * The component reads the preloaded data with useLoaderData().
 */
export function guard<T>(access: Access, preload?: Preload<T>) {
  return async (args: LoaderFunctionArgs): Promise<Response | T | null> => {
    if (access !== 'public' && isSignedIn()) await renewSession();
    const target = accessRedirect(access, isSignedIn(), new URL(args.request.url));
    if (target) return redirect(target);
    if (!preload) return null;
    const result = await preload(args);
    if (result.ok) return result.envelope.data ?? null;
    if (args.request.signal.aborted) return null;
    toastFailure(result.failure);
    return redirect('/');
  };
}

/**
 * Set when /discover's preload failed: like every route it sends the member to / (spec §2), and
 * home, which sends members on to /discover, lets them stay once instead of sending them back.
 */
let discoverFailed = false;

export function noteDiscoverFailed(): void {
  discoverFailed = true;
}

/** Home: spec §2 sends a member with a username on to /discover, unless discover just failed to load. */
export function homeLoader(): Response | null {
  if (discoverFailed) {
    discoverFailed = false;
    return null;
  }
  return isSignedIn() && session.me?.username ? redirect('/discover') : null;
}
