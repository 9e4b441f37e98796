import { displayName, type DiscoverView, type UserSummary } from '@stardeck/contracts/browser';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { TrackCard, tagPath } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { LatestNews } from '../../features/news/components/latest-news';
import { countOf, formatCount, formatDate } from '../../utils/format';

/**
 * /discover: every part of the discover payload (spec §3), each under the command that would
 * list it. Tracks play through the footer player from their cards.
 */
export function Component() {
  const data = useLoaderData() as DiscoverView | null;
  if (!data) {
    return (
      <TerminalWindow path="~/discover" title="discover">
        <PromptLine command="stardeck --stats" />
        <p className="output output--err">discover could not be loaded.</p>
        <p className="output">
          <Link to="/discover">try again</Link>
        </p>
      </TerminalWindow>
    );
  }
  const { stats } = data;
  return (
    <TerminalWindow path="~/discover" title="discover">
      <PromptLine command="stardeck --stats" />
      <LatestNews />
      <dl className="discover-stats">
        <dt>tracks</dt>
        <dd>{formatCount(stats.total_tracks)}</dd>
        <dt>members</dt>
        <dd>{formatCount(stats.total_users)}</dd>
        <dt>collections</dt>
        <dd>{formatCount(stats.total_collections)}</dd>
      </dl>

      <Section id="discover-tracks" title="recent tracks" command="ls --sort=newest ~/tracks">
        {data.recent_tracks.length === 0 ? (
          <p className="output output--muted">no tracks yet: be the first to upload one from your profile.</p>
        ) : (
          <ul className="track-list">
            {data.recent_tracks.map((track) => (
              <li key={track.id}>
                <TrackCard track={track} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="discover-newest" title="newest member" command="whoami --newest">
        {data.newest_user ? <MemberLine user={data.newest_user} /> : <p className="output output--muted">nobody has joined yet.</p>}
      </Section>

      <Section id="discover-active" title="active members" command="who --active">
        {data.active_users.length === 0 ? (
          <p className="output output--muted">no one has been active lately.</p>
        ) : (
          <ul className="listing">
            {data.active_users.map((user) => (
              <li key={user.id}>
                <MemberLine user={user} />
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="discover-tags" title="tags" command="ls ~/tags">
        {data.tags.length === 0 ? (
          <p className="output output--muted">no tag is used on two tracks yet.</p>
        ) : (
          <ul className="discover-tags">
            {data.tags.map((tag) => (
              <li key={tag.id}>
                <Link to={tagPath(tag.id)}>#{tag.name}</Link> <span className="output--muted">({tag.usage_count})</span>
              </li>
            ))}
          </ul>
        )}
        <p className="output output--muted">
          <Link to="/explore/tags">open the tag cloud</Link>
        </p>
      </Section>

      <Section id="discover-collection" title="recent collection" command="ls --latest ~/collections">
        {data.recent_collection ? (
          <>
            <p className="output">
              <Link to={`/${data.recent_collection.username}/collections/${data.recent_collection.id}`}>{data.recent_collection.name}</Link>
              {' by '}
              <Link to={`/${data.recent_collection.username}`}>{displayName(data.recent_collection)}</Link>
              <span className="output--muted">
                {' '}· {countOf(data.recent_collection.track_count, 'track')} · updated {formatDate(data.recent_collection.updated)}
              </span>
            </p>
            <ul className="track-list">
              {data.recent_collection.tracks.map((track) => (
                <li key={track.id}>
                  <TrackCard track={track} variant="compact" />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="output output--muted">no public collection yet.</p>
        )}
      </Section>
    </TerminalWindow>
  );
}

function Section({ id, title, command, children }: { id: string; title: string; command: string; children: ReactNode }) {
  return (
    <section className="discover-section" aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        {title}
      </h2>
      <PromptLine command={command} />
      <p className="output output--muted" aria-hidden="true">
        # {title}
      </p>
      {children}
    </section>
  );
}

function MemberLine({ user }: { user: UserSummary }) {
  return (
    <p className="output">
      <Link className="listing__name" to={`/${user.username}`}>
        {displayName(user)}
      </Link>{' '}
      <span className="output--muted">
        @{user.username} · {countOf(user.audio_count, 'track')} · {countOf(user.subscriber_count, 'subscriber')} · joined {formatDate(user.joined_at)}
      </span>
    </p>
  );
}
