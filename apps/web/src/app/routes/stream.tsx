import type { StreamPage } from '@stardeck/contracts/browser';
import { useId, useState } from 'react';
import { Link, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { AlbumList } from '../../features/albums/components/album-list';
import { getStream } from '../../features/feeds/api/get-stream';
import {
  STREAM_FILTER_CHOICES, isDefaultStream, readStreamFilters, withFilter, writeStreamFilters,
  type StreamFilterName, type StreamFilters,
} from '../../features/feeds/stream-filters';
import { useMe } from '../../lib/session/store';
import { toastFailure } from '../../lib/toasts/from-result';
import { countOf, formatDate } from '../../utils/format';

const LABELS: Record<StreamFilterName, string> = { content_type: 'content', time_range: 'time range', sort: 'sort' };

/**
 * /stream: new tracks of the members one subscribes to and tracks added to followed collections.
 * The filters are in the address (the route's loader reads them), so changing one loads its
 * first page, and back and forward walk the filters.
 */
export function Component() {
  const preloaded = useLoaderData() as StreamPage;
  const [params, setParams] = useSearchParams();
  const filters = readStreamFilters(params);
  const navigation = useNavigation();
  const me = useMe();
  const [more, setMore] = useState<{ key: StreamPage; pages: StreamPage[] }>({ key: preloaded, pages: [] });
  // New filters bring a new preload, which starts the list again.
  const pages = more.key === preloaded ? more.pages : [];
  const tracks = [...preloaded.tracks, ...pages.flatMap((p) => p.tracks)];
  const hasMore = (pages.at(-1) ?? preloaded).has_more;
  const [loading, setLoading] = useState(false);

  const choose = <K extends StreamFilterName>(name: K, value: StreamFilters[K]) => {
    setParams(writeStreamFilters(withFilter(filters, name, value)));
  };

  const loadMore = async () => {
    setLoading(true);
    const result = await getStream(filters, tracks.length);
    setLoading(false);
    if (!result.ok) return toastFailure(result.failure);
    setMore({ key: preloaded, pages: [...pages, result.envelope.data!] });
  };

  const command = ['stream', ...[...writeStreamFilters(filters)].map(([name, value]) => `--${name.replace('_', '-')}=${value}`)].join(' ');
  return (
    <TerminalWindow path="~/stream" title="stream">
      <PromptLine command={command} />
      <form className="stream-filters" aria-label="stream filters" onSubmit={(e) => e.preventDefault()}>
        {(Object.keys(STREAM_FILTER_CHOICES) as StreamFilterName[]).map((name) => (
          <FilterSelect key={name} name={name} value={filters[name]} onChoose={choose} />
        ))}
        {!isDefaultStream(filters) && (
          <button type="button" className="btn btn--small" onClick={() => setParams(new URLSearchParams())}>
            reset filters
          </button>
        )}
      </form>
      {preloaded.albums.length > 0 && (
        <section aria-label="new albums">
          <h2 className="output">new albums</h2>
          <AlbumList albums={preloaded.albums} label="new albums" />
        </section>
      )}
      <p className="output output--muted" aria-live="polite">
        {navigation.state === 'loading' ? 'loading...' : countOf(preloaded.total, 'track')}
      </p>
      {tracks.length === 0 ? (
        isDefaultStream(filters) ? (
          <p className="output output--muted">
            your stream is empty. subscribe to members to see their new tracks here, and follow collections to see what is added to them:
            find both under <Link to="/explore/users">explore members</Link> and <Link to="/explore/collections">explore collections</Link>, or
            start from <Link to="/discover">discover</Link>.
          </p>
        ) : (
          <p className="output output--muted">nothing in your stream matches these filters.</p>
        )
      ) : (
        <ul className="track-list">
          {tracks.map((track) => (
            <li key={`${track.id}-${track.streamed_at}`}>
              <TrackCard track={track} />
              <p className="output output--muted">
                {track.username === me?.username ? 'yours' : 'in your stream'} since {formatDate(track.streamed_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <div className="actions">
          <button type="button" className="btn" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'loading...' : 'more'}
          </button>
        </div>
      )}
    </TerminalWindow>
  );
}

function FilterSelect<K extends StreamFilterName>({ name, value, onChoose }: { name: K; value: StreamFilters[K]; onChoose: (name: K, value: StreamFilters[K]) => void }) {
  const id = useId();
  return (
    <p className="field">
      <label htmlFor={id} className="field__label">
        {LABELS[name]}
      </label>{' '}
      <select id={id} className="field__input" value={value} onChange={(e) => onChoose(name, e.target.value as StreamFilters[K])}>
        {STREAM_FILTER_CHOICES[name].map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </p>
  );
}
