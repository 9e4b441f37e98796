import { useLoaderData } from 'react-router';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { ExploreNav } from '../../features/explore/components/explore-nav';
import type { TagList } from '../../features/tags/api/get-tag-cloud';
import { TagCloud } from '../../features/tags/components/tag-cloud';

/** /explore/tags (public): the tag cloud, from the tags the route preloaded. */
export function Component() {
  const data = useLoaderData() as TagList | null;
  return (
    <TerminalWindow path="~/explore/tags" title="tags">
      <ExploreNav />
      <TagCloud tags={data?.tags ?? []} />
    </TerminalWindow>
  );
}
