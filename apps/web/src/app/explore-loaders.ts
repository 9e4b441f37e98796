import { TRACK_VISIBILITIES, type TrackVisibility } from '@stardeck/contracts/browser';
import type { LoaderFunctionArgs } from 'react-router';
import { listAlbums } from '../features/albums/api/albums';
import { listCollections, listTracks, listUsers } from '../features/explore/api/explore';
import { COLLECTIONS_EXPLORE, TRACKS_EXPLORE, USERS_EXPLORE } from '../features/explore/explore-lists';
import { readExploreQuery, readTagIds, readVisibilities, type ExploreQuery, type ExploreSpec } from '../features/explore/explore-query';
import { readPage, type PageRequest } from '../features/profiles/paging';
import type { ApiResult } from '../lib/api-client';
import { guard } from './route-access';

/** What an explore page shows: the query read from its address and the page the API answered. */
export interface Explored<Q, T> {
  query: Q;
  /** Null when the preload was cancelled by a newer navigation. */
  page: T | null;
}

/** Access first, then the page the address asks for; a failed preload goes to / (spec §2). */
function exploreLoader<Q, T>(read: (params: URLSearchParams) => Q, load: (query: Q, signal: AbortSignal) => Promise<ApiResult<T>>) {
  return async (args: LoaderFunctionArgs) => {
    const query = read(new URL(args.request.url).searchParams);
    const page = await guard('required', ({ request }) => load(query, request.signal))(args);
    return page instanceof Response ? page : ({ query, page } as Explored<Q, T>);
  };
}

/** The list's choices and the page asked for (spec §9 size and choices). */
type Asked = ExploreQuery<string> & { page: PageRequest };
const asked = (params: URLSearchParams, spec: ExploreSpec<string>): Asked => ({ ...readExploreQuery(params, spec), page: readPage(params, spec.pageSize) });

const apiPage = (query: Asked) => ({
  limit: query.page.limit, offset: query.page.offset, sort_key: query.sort, sort_dir: query.dir, search: query.search,
});

export type UsersQuery = Asked & { hasTracks: boolean };
export type TracksQuery = Asked & { tagIds: number[] };
export type CollectionsQuery = Asked & { username: string; visibility: TrackVisibility[] };
export type AlbumsQuery = { tagIds: number[]; page: PageRequest };

/** Spec §9 lists of five, as the other explore lists. */
export const ALBUMS_EXPLORE_PAGE = 5;

export const exploreUsersLoader = exploreLoader(
  (params): UsersQuery => ({ ...asked(params, USERS_EXPLORE), hasTracks: params.get('has_tracks') === 'true' }),
  (query, signal) => listUsers({ ...apiPage(query), has_tracks: query.hasTracks }, signal),
);

export const exploreTracksLoader = exploreLoader(
  (params): TracksQuery => ({ ...asked(params, TRACKS_EXPLORE), tagIds: readTagIds(params) }),
  (query, signal) => listTracks({ ...apiPage(query), tag_ids: query.tagIds }, signal),
);

export const exploreCollectionsLoader = exploreLoader(
  (params): CollectionsQuery => ({
    ...asked(params, COLLECTIONS_EXPLORE),
    username: (params.get('username') ?? '').trim(),
    visibility: readVisibilities(params, TRACK_VISIBILITIES),
  }),
  (query, signal) => listCollections({ ...apiPage(query), username: query.username, visibility: query.visibility }, signal),
);

/** /explore/albums: newest first, of every tag in the address's tag_ids. */
export const exploreAlbumsLoader = exploreLoader(
  (params): AlbumsQuery => ({ tagIds: readTagIds(params), page: readPage(params, ALBUMS_EXPLORE_PAGE) }),
  (query, signal) => listAlbums({ limit: query.page.limit, offset: query.page.offset, tag_ids: query.tagIds }, signal),
);
