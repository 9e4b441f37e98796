import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { logout } from '../features/auth/actions';
import { getDiscover } from '../features/feeds/api/get-discover';
import { preloadNotifications } from '../features/notifications/store';
import { getStream } from '../features/feeds/api/get-stream';
import { readStreamFilters } from '../features/feeds/stream-filters';
import { getTagCloud } from '../features/tags/api/get-tag-cloud';
import { getConversations, getMessages } from '../features/messages/api/conversations';
import { getNews, getNewsPost } from '../features/news/api/news';
import {
  getCollections, getFollowedCollections, getHistory, getMemberComments, getSubscribers, getSubscriptions,
} from '../features/profiles/api/lists';
import { USER_PAGE_SIZES } from '../features/profiles/page-sizes';
import { getAlbum, getUserAlbums } from '../features/albums/api/albums';
import { getTrack, getUserTracks } from '../features/tracks/api/tracks';
import { USER_TRACKS_PAGE } from '../features/tracks/page-size';
import { loadLibrary } from '../lib/library/store';
import { closeOnRouteChange } from '../lib/modals/store';
import { toastFailure } from '../lib/toasts/from-result';
import { adminRoutes } from './admin-routes';
import { exploreAlbumsLoader, exploreCollectionsLoader, exploreTracksLoader, exploreUsersLoader } from './explore-loaders';
import { AppLayout } from './layout';
import { listenLoader, type ListenData } from './listen-loader';
import { guard, homeLoader, noteDiscoverFailed, type Access } from './route-access';
import type { RouteHandle } from './titles';
import { collectionDetailLoader, pagedLoader, userLayoutLoader, userLayoutShouldRevalidate } from './user-loaders';
import { noteNavigation } from './user-transition';

/**
 * Spec §2 routes. Every route states its access level through `guard` (its loader), its title
 * and command in `handle`, and loads its screen lazily. A screen that is not built yet uses the
 * coming-soon module; building it means pointing `lazy` at the new module and, when it shows
 * data, giving `guard` a preload.
 */
const comingSoon = () => import('./routes/coming-soon');

function page(path: string, access: Access, handle: RouteHandle, lazy: RouteObject['lazy'] = comingSoon): RouteObject {
  return { path, loader: guard(access), handle, lazy };
}

const fixed = (title: string, command: string = title): RouteHandle => ({ title: () => title, command: () => command });

/** User pages: '/{username}/{kind}' under the profile, typed as `profile --user {name} --data {kind}`. */
function userPage(kind: string, title: string, loader: RouteObject['loader'], lazy: RouteObject['lazy']): RouteObject {
  return {
    path: kind,
    loader,
    handle: { title: () => title, userPage: true, command: (params) => `profile --user ${params.username} --data ${kind}` } satisfies RouteHandle,
    lazy,
  };
}

/** The forbidden routes of mailed links show home and open the login modal in their mode. */
const home = () => import('./routes/home');

/**
 * /discover: a failed preload sends the member to / like every route (spec §2); home, which sends
 * members on to /discover, lets them stay there this once.
 */
async function discoverLoader(args: LoaderFunctionArgs) {
  const refused = await guard('required')(args);
  if (refused) return refused;
  const result = await getDiscover(args.request.signal);
  if (result.ok) return result.envelope.data ?? null;
  if (args.request.signal.aborted) return null;
  toastFailure(result.failure);
  noteDiscoverFailed();
  return redirect('/');
}

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    HydrateFallback: () => null,
    children: [
      { index: true, loader: homeLoader, handle: fixed('home', 'home'), lazy: home },
      page('reset-password', 'forbidden', fixed('reset password', 'home'), home),
      page('verify-account', 'forbidden', fixed('verify account', 'home'), home),
      page('invite', 'forbidden', fixed('invite', 'home'), home),
      // The link mailed to a new address works signed in or not.
      page('confirm-email', 'public', fixed('confirm email', 'account --confirm-email'), () => import('./routes/confirm-email')),
      {
        path: 'logout',
        handle: fixed('logout'),
        loader: async (args) => {
          const refused = await guard('required')(args);
          if (refused) return refused;
          await logout();
          return redirect('/');
        },
      },
      page('subscription_success', 'required', fixed('subscription', 'membership --status'), () => import('./routes/subscription-success')),
      page('checkout-simulator', 'required', fixed('checkout', 'checkout --simulate'), () => import('./routes/checkout-simulator')),
      page('billing-simulator', 'required', fixed('billing', 'billing --simulate'), () => import('./routes/billing-simulator')),
      {
        path: 'stream',
        loader: guard('required', ({ request }) => getStream(readStreamFilters(new URL(request.url).searchParams), 0, request.signal)),
        handle: fixed('stream'),
        lazy: () => import('./routes/stream'),
      },
      {
        path: 'messages',
        loader: guard('required', ({ request }) => getConversations(0, request.signal)),
        handle: fixed('messages', 'messages --list'),
        lazy: () => import('./routes/messages'),
      },
      {
        path: 'messages/:conversationId',
        loader: guard('required', ({ params, request }) => getMessages(params.conversationId!, { signal: request.signal })),
        handle: { title: () => 'messages', command: (p) => `messages --conversation ${p.conversationId}` } satisfies RouteHandle,
        lazy: () => import('./routes/conversation'),
      },
      {
        path: 'notifications',
        loader: guard('required', () => preloadNotifications()),
        handle: fixed('notifications'),
        lazy: () => import('./routes/notifications'),
      },
      {
        path: 'discover',
        loader: discoverLoader,
        handle: fixed('discover'),
        lazy: () => import('./routes/discover'),
      },
      page('membership', 'required', fixed('membership'), () => import('./routes/membership')),
      page('sonar', 'required', fixed('sonar', 'sonar --room default'), () => import('./routes/sonar')),
      { path: 'news', loader: guard('required', ({ request }) => getNews({}, request.signal)), handle: fixed('news'), lazy: () => import('./routes/news') },
      {
        path: 'news/:newsId',
        loader: guard('required', ({ params, request }) => getNewsPost(params.newsId!, request.signal)),
        handle: { title: () => 'news', command: (p) => `news --read ${p.newsId}` } satisfies RouteHandle,
        lazy: () => import('./routes/news-post'),
      },
      adminRoutes,
      { path: 'explore/users', loader: exploreUsersLoader, handle: fixed('explore users', 'explore --users'), lazy: () => import('./routes/explore-users') },
      { path: 'explore/tracks', loader: exploreTracksLoader, handle: fixed('explore tracks', 'explore --tracks'), lazy: () => import('./routes/explore-tracks') },
      { path: 'explore/albums', loader: exploreAlbumsLoader, handle: fixed('explore albums', 'explore --albums'), lazy: () => import('./routes/explore-albums') },
      {
        path: 'explore/collections',
        loader: exploreCollectionsLoader,
        handle: fixed('explore collections', 'explore --collections'),
        lazy: () => import('./routes/explore-collections'),
      },
      {
        path: 'explore/tags',
        // The model of a route with data: guard checks access, then preloads; a failed preload goes to /.
        loader: guard('public', ({ request }) => getTagCloud(request.signal)),
        handle: fixed('tags', 'explore --tags'),
        lazy: () => import('./routes/explore-tags'),
      },
      {
        id: 'user',
        path: ':username',
        loader: userLayoutLoader,
        shouldRevalidate: userLayoutShouldRevalidate,
        lazy: () => import('./routes/user-layout'),
        children: [
          {
            index: true,
            loader: guard('required', ({ params, request }) => getUserTracks(params.username!, { limit: USER_TRACKS_PAGE, offset: 0 }, request.signal)),
            handle: { title: () => 'tracks', userPage: true, command: (p) => `profile --user ${p.username} --data tracks` } satisfies RouteHandle,
            lazy: () => import('./routes/user-tracks'),
          },
          userPage('library', 'library', pagedLoader(USER_PAGE_SIZES.library, ({ username, page, signal }) => loadLibrary(username, page, signal)), () => import('./routes/user-library')),
          userPage('albums', 'albums', pagedLoader(USER_PAGE_SIZES.albums, ({ username, page, signal }) => getUserAlbums(username, page, signal)), () => import('./routes/user-albums')),
          userPage('collections', 'collections', pagedLoader(USER_PAGE_SIZES.collections, ({ username, own, page, signal }) => getCollections(username, own, page, signal)), () => import('./routes/user-collections')),
          userPage('followed-collections', 'followed collections', pagedLoader(USER_PAGE_SIZES.collections, ({ username, page, signal }) => getFollowedCollections(username, page, signal)), () => import('./routes/user-followed-collections')),
          userPage('comments', 'comments', pagedLoader(USER_PAGE_SIZES.comments, ({ username, page, signal }) => getMemberComments(username, page, signal)), () => import('./routes/user-comments')),
          userPage('subscribers', 'subscribers', pagedLoader(USER_PAGE_SIZES.members, ({ username, page, signal }) => getSubscribers(username, page, signal)), () => import('./routes/user-members')),
          userPage('subscriptions', 'subscriptions', pagedLoader(USER_PAGE_SIZES.members, ({ username, page, signal }) => getSubscriptions(username, page, signal)), () => import('./routes/user-members')),
          userPage('history', 'listening history', pagedLoader(USER_PAGE_SIZES.history, ({ username, page, signal }) => getHistory(username, page, signal), { hiddenOn403: true }), () => import('./routes/user-history')),
          userPage('links', 'links', guard('required'), () => import('./routes/user-links')),
        ],
      },
      {
        // A shared link's page for visitors; members are sent on to the track's own page.
        path: 'listen/:username/:trackId',
        loader: listenLoader,
        handle: {
          title: (_params, data) => (data as ListenData | null)?.track?.title ?? 'track not found',
          command: (p) => `play --user ${p.username} --id ${p.trackId}`,
        } satisfies RouteHandle,
        lazy: () => import('./routes/listen'),
      },
      { path: ':username/audio', loader: ({ params }) => redirect(`/${params.username}`) },
      {
        path: ':username/collections/:collectionId',
        loader: collectionDetailLoader,
        handle: {
          title: (p, data) => (data as { collection?: { name: string } } | null)?.collection?.name ?? `collection ${p.collectionId}`,
          userPage: true,
          ownTitle: true,
          command: (p) => `collection --user ${p.username} --id ${p.collectionId}`,
        } satisfies RouteHandle,
        lazy: () => import('./routes/collection-detail'),
      },
      {
        path: ':username/albums/:albumId',
        loader: guard('required', ({ params, request }) => getAlbum(params.albumId!, request.signal)),
        handle: {
          title: (p, data) => (data as { album?: { title: string } } | null)?.album?.title ?? `album ${p.albumId}`,
          userPage: true,
          ownTitle: true,
          command: (p) => `album --user ${p.username} --id ${p.albumId}`,
        } satisfies RouteHandle,
        lazy: () => import('./routes/album-detail'),
      },
      {
        path: ':username/tracks/:trackId',
        loader: guard('required', ({ params, request }) => getTrack(params.trackId!, request.signal)),
        handle: {
          title: (p, data) => (data as { track?: { title: string } } | null)?.track?.title ?? `track ${p.trackId}`,
          userPage: true,
          ownTitle: true,
          command: (p) => `track --user ${p.username} --id ${p.trackId}`,
        } satisfies RouteHandle,
        lazy: () => import('./routes/track-detail'),
      },
      { path: ':username/notifications', loader: () => redirect('/notifications') },
      { path: ':username/messages/:conversationId', loader: ({ params }) => redirect(`/messages/${params.conversationId}`) },
      { path: '*', handle: fixed('not found', 'cd'), lazy: () => import('./routes/not-found') },
    ],
  },
];

/**
 * Made after start-up sign-in (main.tsx), so that the first route's loader already knows who is
 * signed in.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Before the new route renders: modals close (spec §2, unless persistent) and the user-page
  // transition decides whether to play, so the new screen's own effects run after both.
  let shownPath: string | null = null;
  router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle' || state.location.pathname === shownPath) return;
    // The first screen is where the visitor arrived, not a move between users' pages.
    noteNavigation(state.matches, { play: shownPath !== null });
    if (shownPath !== null) closeOnRouteChange();
    shownPath = state.location.pathname;
  });
  return router;
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
