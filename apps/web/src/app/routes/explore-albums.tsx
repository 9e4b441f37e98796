import type { AlbumPage } from '@stardeck/contracts/browser';
import { Link, useLoaderData } from 'react-router';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { AlbumList } from '../../features/albums/components/album-list';
import { ExploreNav } from '../../features/explore/components/explore-nav';
import { Pager } from '../../features/profiles/components/pager';
import { countOf } from '../../utils/format';
import { ALBUMS_EXPLORE_PAGE, type AlbumsQuery, type Explored } from '../explore-loaders';
import { Empty } from './user-page-frame';

/** /explore/albums: albums listed to the member, newest first; tag_ids narrows them to those tags. */
export function Component() {
  const { query, page } = useLoaderData() as Explored<AlbumsQuery, AlbumPage>;
  const albums = page?.albums ?? [];
  const total = page?.total ?? 0;
  const tagged = query.tagIds.length > 0;
  return (
    <TerminalWindow path="~/explore/albums" title="explore albums">
      <ExploreNav />
      <PromptLine command={['albums', tagged && `--tags ${query.tagIds.join(',')}`, '--sort=newest'].filter(Boolean).join(' ')} />
      {tagged && (
        <p className="output">
          albums of the chosen tags · <Link to="/explore/albums">every album</Link>
        </p>
      )}
      <p className="output output--muted" role="status">
        {countOf(total, 'album')}
      </p>
      {albums.length === 0 ? <Empty>{tagged ? 'no album has these tags.' : 'no albums to show yet.'}</Empty> : <AlbumList albums={albums} label="albums" />}
      <Pager request={query.page} total={total} defaultSize={ALBUMS_EXPLORE_PAGE} label="albums" />
    </TerminalWindow>
  );
}
