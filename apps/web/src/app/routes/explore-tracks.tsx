import type { TagView, TrackView } from '@stardeck/contracts/browser';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ExploreNav } from '../../features/explore/components/explore-nav';
import type { TrackPage } from '../../features/explore/api/explore';
import { ExploreControls } from '../../features/explore/components/explore-controls';
import { TRACKS_EXPLORE } from '../../features/explore/explore-lists';
import { withoutTag } from '../../features/explore/explore-query';
import { Pager } from '../../features/profiles/components/pager';

import type { Explored, TracksQuery } from '../explore-loaders';
import { Empty } from './user-page-frame';
import { countOf } from '../../utils/format';

/** The chosen tags by name, from the tracks that carry them; a tag with no track shown keeps its id. */
function tagNames(ids: readonly number[], tracks: readonly TrackView[]): Pick<TagView, 'id' | 'name'>[] {
  const known = new Map(tracks.flatMap((track) => track.tags.map((tag) => [tag.id, tag.name] as const)));
  return ids.map((id) => ({ id, name: known.get(id) ?? `tag ${id}` }));
}

/** /explore/tracks: tracks by search, sort and tags (`?tag_ids=` from a tag link), 5 a page (spec §9). */
export function Component() {
  const { query, page } = useLoaderData() as Explored<TracksQuery, TrackPage>;
  const [params] = useSearchParams();
  const tracks = page?.tracks ?? [];
  const total = page?.total ?? 0;
  const tags = tagNames(query.tagIds, tracks);
  const command = ['tracks', query.search && `--search "${query.search}"`, ...tags.map((tag) => `--tag ${tag.name}`), `--sort=${query.sort}`, `--dir=${query.dir}`]
    .filter(Boolean)
    .join(' ');
  return (
    <TerminalWindow path="~/explore/tracks" title="explore tracks">
      <ExploreNav />
      <PromptLine command={command} />
      {tags.length > 0 && (
        <section aria-labelledby="explore-chosen-tags">
          <h2 id="explore-chosen-tags" className="output output--muted explore-heading">
            tracks tagged with every one of:
          </h2>
          <ul className="explore-tags">
            {tags.map((tag) => (
              <li key={tag.id}>
                <span className="tag tag--ok">#{tag.name}</span>{' '}
                <Link to={`/explore/tracks${withoutTag(params, tag.id)}`}>
                  <span aria-hidden="true">[x]</span>
                  <span className="visually-hidden">remove tag {tag.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ExploreControls label="tracks" spec={TRACKS_EXPLORE} query={query} limit={query.page.limit} keep={query.tagIds.length ? { tag_ids: query.tagIds.join(',') } : {}} />
      <p className="output output--muted" role="status">
        {countOf(total, 'track')}
      </p>
      {tracks.length === 0 ? (
        <Empty>{query.search || tags.length ? 'no track matches: try fewer words or tags.' : 'no tracks to show yet.'}</Empty>
      ) : (
        <ol className="track-list" aria-label="tracks">
          {tracks.map((track) => (
            <li key={track.id}>
              <TrackCard track={track} />
            </li>
          ))}
        </ol>
      )}
      <Pager request={query.page} total={total} defaultSize={TRACKS_EXPLORE.pageSize} label="tracks" />
    </TerminalWindow>
  );
}
