import type { LibraryTrackView, UserProfile, UserSummary } from '@stardeck/contracts/browser';
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { getCollection, getSubscribers, getSubscriptions } from '../features/profiles/api/lists';
import { getProfile } from '../features/profiles/api/profile';
import { USER_PAGE_SIZES } from '../features/profiles/page-sizes';
import { readPage, type PageRequest } from '../features/profiles/paging';
import type { ApiResult } from '../lib/api-client';
import { getLibrary } from '../lib/library/api';
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
  recentSubscriptions: UserSummary[];
  recentSaves: LibraryTrackView[];
}

/**
 * The profile every user page shows on top, with its newest subscribers, subscriptions and saved
 * tracks (spec §7: 3, 5 and 3 of them). Only the profile must load: a recents list that fails is
 * left out.
 */
export async function userLayoutLoader(args: LoaderFunctionArgs): Promise<Response | UserLayoutData | null> {
  const refused = (await guard('required')(args)) as Response | null;
  if (refused) return refused;
  const username = args.params.username!;
  const signal = args.request.signal;
  const [profile, subscribers, subscriptions, saves] = await Promise.all([
    getProfile(username, signal),
    getSubscribers(username, { limit: USER_PAGE_SIZES.recentSubscribers, offset: 0 }, signal),
    getSubscriptions(username, { limit: USER_PAGE_SIZES.recentSubscriptions, offset: 0 }, signal),
    getLibrary(username, { limit: USER_PAGE_SIZES.recentSaves, offset: 0 }, signal),
  ]);
  if (profile.ok) {
    return {
      profile: profile.envelope.data!.user,
      recentSubscribers: subscribers.ok ? subscribers.envelope.data!.subscribers : [],
      recentSubscriptions: subscriptions.ok ? subscriptions.envelope.data!.subscriptions : [],
      recentSaves: saves.ok ? saves.envelope.data!.tracks : [],
    };
  }
  if (signal.aborted) return null;
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
