import type { UserProfile, UserSummary } from '@stardeck/contracts/browser';
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { getCollection, getSubscribers } from '../features/profiles/api/lists';
import { getProfile } from '../features/profiles/api/profile';
import { USER_PAGE_SIZES } from '../features/profiles/page-sizes';
import { readPage, type PageRequest } from '../features/profiles/paging';
import type { ApiResult } from '../lib/api-client';
import { session } from '../lib/session/store';
import { toastFailure } from '../lib/toasts/from-result';
import { guard } from './route-access';

/** Spec §6: one's own profile is recognised by the username. */
export function isOwnProfile(username: string, me: { username: string } | null | undefined = session.me): boolean {
  return Boolean(me && me.username.toLowerCase() === username.toLowerCase());
}

export interface UserLayoutData {
  profile: UserProfile;
  recentSubscribers: UserSummary[];
}

/** The profile every user page shows on top, with its newest subscribers (spec §7: 3 of them). */
export async function userLayoutLoader(args: LoaderFunctionArgs): Promise<Response | UserLayoutData | null> {
  const refused = (await guard('required')(args)) as Response | null;
  if (refused) return refused;
  const username = args.params.username!;
  const [profile, recent] = await Promise.all([
    getProfile(username, args.request.signal),
    getSubscribers(username, { limit: USER_PAGE_SIZES.recentSubscribers, offset: 0 }, args.request.signal),
  ]);
  if (profile.ok) return { profile: profile.envelope.data!.user, recentSubscribers: recent.ok ? recent.envelope.data!.subscribers : [] };
  if (args.request.signal.aborted) return null;
  toastFailure(profile.failure);
  return redirect('/');
}

/**
 * The profile reloads when the member changes, and when asked (after an edit or a subscribe);
 * paging through a list below it leaves it as it is.
 */
export function userLayoutShouldRevalidate({ currentParams, nextParams, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentParams.username !== nextParams.username) return true;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export interface Paged<T> {
  request: PageRequest;
  /** Null when the member keeps the list to themselves (a listening history not shared). */
  page: T | null;
}

interface ListContext {
  username: string;
  own: boolean;
  page: PageRequest;
  signal: AbortSignal;
}

/**
 * A paged user page: access first, then the page the address asks for (spec §9 sizes). A failed
 * preload goes to / (spec §2), except a 403 when `hiddenOn403`: the page then says the list is private.
 */
export function pagedLoader<T>(size: number, load: (context: ListContext) => Promise<ApiResult<T>>, options: { hiddenOn403?: boolean } = {}) {
  return async (args: LoaderFunctionArgs): Promise<Response | Paged<T> | null> => {
    const refused = (await guard('required')(args)) as Response | null;
    if (refused) return refused;
    const request = readPage(new URL(args.request.url).searchParams, size);
    const username = args.params.username!;
    const result = await load({ username, own: isOwnProfile(username), page: request, signal: args.request.signal });
    if (result.ok) return { request, page: result.envelope.data! };
    if (args.request.signal.aborted) return null;
    if (options.hiddenOn403 && result.failure.kind === 'http' && result.failure.status === 403) return { request, page: null };
    toastFailure(result.failure);
    return redirect('/');
  };
}

/** /{username}/collections/{id}: the collection with the page of tracks the address asks for. */
export async function collectionDetailLoader(args: LoaderFunctionArgs) {
  const refused = (await guard('required')(args)) as Response | null;
  if (refused) return refused;
  const request = readPage(new URL(args.request.url).searchParams, USER_PAGE_SIZES.collectionTracks);
  const result = await getCollection(args.params.collectionId!, request, args.request.signal);
  if (result.ok) return { request, collection: result.envelope.data!.collection };
  if (args.request.signal.aborted) return null;
  toastFailure(result.failure);
  return redirect('/');
}
