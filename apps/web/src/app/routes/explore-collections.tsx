import { TRACK_VISIBILITIES } from '@stardeck/contracts/browser';
import { useId } from 'react';
import { useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ExploreNav } from '../../features/explore/components/explore-nav';
import type { CollectionPage } from '../../features/explore/api/explore';
import { ExploreControls } from '../../features/explore/components/explore-controls';
import { COLLECTIONS_EXPLORE } from '../../features/explore/explore-lists';

import { CollectionList } from '../../features/profiles/components/collection-list';
import { FollowButton } from '../../features/collections/components/follow-button';
import { Pager } from '../../features/profiles/components/pager';
import type { CollectionsQuery, Explored } from '../explore-loaders';
import { Empty } from './user-page-frame';
import { countOf } from '../../utils/format';

/**
 * /explore/collections: collections by search, owner, sort and visibility (spec §2 queries), 5 a
 * page (spec §9). Visibility narrows what the viewer may see; it never widens it.
 */
export function Component() {
  const { query, page } = useLoaderData() as Explored<CollectionsQuery, CollectionPage>;
  const id = useId();
  const collections = page?.collections ?? [];
  const total = page?.total ?? 0;
  const visibility = query.visibility.length === 1 ? query.visibility[0] : '';
  const command = [
    'collections', query.search && `--search "${query.search}"`, query.username && `--user ${query.username}`,
    visibility && `--visibility ${visibility}`, `--sort=${query.sort}`, `--dir=${query.dir}`,
  ].filter(Boolean).join(' ');
  return (
    <TerminalWindow path="~/explore/collections" title="explore collections">
      <ExploreNav />
      <PromptLine command={command} />
      <ExploreControls label="collections" spec={COLLECTIONS_EXPLORE} query={query} limit={query.page.limit}>
        <label htmlFor={`${id}-user`}>owner</label>
        <input id={`${id}-user`} type="text" name="username" defaultValue={query.username} key={query.username} maxLength={64} autoComplete="off" />
        <label htmlFor={`${id}-visibility`}>visibility</label>
        <select id={`${id}-visibility`} name="visibility" defaultValue={visibility} key={`v-${visibility}`} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
          <option value="">any</option>
          {TRACK_VISIBILITIES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </ExploreControls>
      <p className="output output--muted" role="status">
        {countOf(total, 'collection')}
      </p>
      {collections.length === 0 ? (
        <Empty>{query.search || query.username || visibility ? 'no collection matches.' : 'no collections to show yet.'}</Empty>
      ) : (
        <CollectionList collections={collections} label="collections" follow={(collection) => <FollowButton collection={collection} />} />
      )}
      <Pager request={query.page} total={total} defaultSize={COLLECTIONS_EXPLORE.pageSize} label="collections" />
    </TerminalWindow>
  );
}
