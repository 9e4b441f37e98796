import type { CollectionView, TagView, TrackView, UserSummary } from '@stardeck/contracts/browser';
import { apiCall } from '../../../lib/api-client';
import type { PaletteItem } from '../commands';
import { countOf } from '../../../utils/format';

/** Each kind of result the palette shows at most this many of. */
export const RESULTS_PER_KIND = 5;

const page = { limit: RESULTS_PER_KIND, offset: 0 };

function memberItems(users: readonly UserSummary[]): PaletteItem[] {
  return users.map((user) => ({
    id: `member:${user.username}`, group: 'member', label: user.display_name || user.username, hint: `@${user.username}`,
    run: { kind: 'navigate', to: `/${user.username}` },
  }));
}

function trackItems(tracks: readonly TrackView[]): PaletteItem[] {
  return tracks.map((track) => ({
    id: `track:${track.id}`, group: 'track', label: track.title, hint: `by @${track.username}`,
    run: { kind: 'track', to: `/${track.username}/tracks/${track.id}`, trackId: track.id },
  }));
}

function collectionItems(collections: readonly CollectionView[]): PaletteItem[] {
  return collections.map((collection) => ({
    id: `collection:${collection.id}`, group: 'collection', label: collection.name, hint: `by @${collection.username}`,
    run: { kind: 'navigate', to: `/${collection.username}/collections/${collection.id}` },
  }));
}

function tagItems(tags: readonly TagView[]): PaletteItem[] {
  return tags.map((tag) => ({
    id: `tag:${tag.id}`, group: 'tag', label: `#${tag.name}`, hint: countOf(tag.usage_count, 'track'),
    run: { kind: 'navigate', to: `/explore/tracks?tag_ids=${tag.id}` },
  }));
}

export interface SearchOutcome {
  items: PaletteItem[];
  /** The tracks found, so Shift+Enter can start one without another request. */
  tracks: TrackView[];
  /** Some searches failed (the rest still shows). */
  failed: boolean;
}

/**
 * Searches members, tracks, collections and tags at once (GET /v1/users, /tracks, /collections
 * and /tags). Visitors search tags only: the other lists are for members (spec §2).
 */
export async function searchEverything(query: string, signedIn: boolean, signal: AbortSignal): Promise<SearchOutcome> {
  const search = query.trim();
  const tags = apiCall<{ tags: TagView[] }>('/tags', { query: { limit: RESULTS_PER_KIND, sort: 'usage_count', q: search }, signal });
  if (!signedIn) {
    const result = await tags;
    return { items: result.ok ? tagItems(result.envelope.data?.tags ?? []) : [], tracks: [], failed: !result.ok };
  }
  const [users, tracks, collections, tagResult] = await Promise.all([
    apiCall<{ users: UserSummary[] }>('/users', { query: { ...page, search, sort_key: 'username', sort_dir: 'asc' }, signal }),
    apiCall<{ tracks: TrackView[] }>('/tracks', { query: { ...page, search, sort_key: 'created', sort_dir: 'desc' }, signal }),
    apiCall<{ collections: CollectionView[] }>('/collections', { query: { ...page, search, sort_key: 'updated', sort_dir: 'desc' }, signal }),
    tags,
  ]);
  const foundTracks = tracks.ok ? tracks.envelope.data?.tracks ?? [] : [];
  return {
    items: [
      ...memberItems(users.ok ? users.envelope.data?.users ?? [] : []),
      ...trackItems(foundTracks),
      ...collectionItems(collections.ok ? collections.envelope.data?.collections ?? [] : []),
      ...tagItems(tagResult.ok ? tagResult.envelope.data?.tags ?? [] : []),
    ],
    tracks: foundTracks,
    failed: !(users.ok && tracks.ok && collections.ok && tagResult.ok),
  };
}
