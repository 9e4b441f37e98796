import { displayName, type TrackView } from '@stardeck/contracts/browser';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { openModal } from '../../lib/modals/store';
import { player, play, seek } from '../../lib/player/store';
import { useMe } from '../../lib/session/store';
import { countOf, formatCount, formatDate, formatLongDate } from '../../utils/format';
import { ZoomableImage } from '../ui/zoomable-image';
import { artworkSrc } from './artwork';
import { PlayButton } from './play-button';
import { SaveButton } from './save-button';
import { WaveformCanvas } from './waveform-canvas';
import './tracks.css';

export type TrackCardVariant = 'hero' | 'compact' | 'default';

interface TrackCardProps {
  track: TrackView;
  variant?: TrackCardVariant;
  /** Compact cards: a control for collections, supplied by the screen that shows them. */
  slot?: ReactNode;
  /** Hero card: what shows in place of the artwork (a video track's picture), supplied by the track page. */
  media?: ReactNode;
}

export const trackPath = (track: Pick<TrackView, 'id' | 'username'>) => `/${track.username}/tracks/${track.id}`;
export const tagPath = (tagId: number) => `/explore/tracks?tag_ids=${tagId}`;

/**
 * The three track cards of spec §2: hero (track page), compact (side lists, with an optional
 * collection toggle) and default (list rows). Only the owner sees edit and delete.
 */
export function TrackCard({ track, variant = 'default', slot, media }: TrackCardProps) {
  if (variant === 'hero') return <HeroCard track={track} media={media} />;
  if (variant === 'compact') return <CompactCard track={track} slot={slot} />;
  return <DefaultCard track={track} />;
}

function Creator({ track }: { track: TrackView }) {
  return <Link to={`/${track.username}`}>{displayName(track)}</Link>;
}

function Artwork({ track, size }: { track: TrackView; size: number }) {
  return <ZoomableImage className="track-card__artwork" src={artworkSrc(track)} alt={`artwork of ${track.title}`} size={size} />;
}

/** The card's waveform follows playback when its track is the current one; a click seeks it. */
function CardWaveform({ track, height }: { track: TrackView; height: number }) {
  const state = useSnapshot(player);
  const current = state.currentId === track.id;
  const duration = current ? state.duration : track.duration_seconds ?? 0;
  if (track.analysis.peaks.length === 0) return <div className="waveform waveform--empty" style={{ height }} aria-hidden="true" />;
  return (
    <WaveformCanvas
      peaks={track.analysis.peaks}
      height={height}
      progress={current && duration > 0 ? state.progress / duration : 0}
      onSeek={track.status === 'ready' ? (fraction) => (current ? seek(fraction * duration) : void play(track)) : undefined}
    />
  );
}

function OwnerActions({ track }: { track: TrackView }) {
  const me = useMe();
  if (!me || me.id !== track.user_id) return null;
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => openModal('manageTrackEdit', { trackId: track.id })}>
        edit<span className="visually-hidden"> {track.title}</span>
      </button>
      <button type="button" className="btn btn--small btn--danger" onClick={() => openModal('deleteTrack', { trackId: track.id, title: track.title })}>
        delete<span className="visually-hidden"> {track.title}</span>
      </button>
    </>
  );
}

function Tags({ track }: { track: TrackView }) {
  if (track.tags.length === 0) return null;
  return (
    <ul className="track-tags" aria-label="tags">
      {track.tags.map((tag) => (
        <li key={tag.id}>
          <Link className="tag-badge" to={tagPath(tag.id)}>
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function HeroCard({ track, media }: { track: TrackView; media?: ReactNode }) {
  return (
    <article className="track-card track-card--hero" aria-label={track.title}>
      {media ?? <Artwork track={track} size={192} />}
      <div className="track-card__main">
        <h2 className="track-card__title">{track.title}</h2>
        <p className="track-card__meta">
          by <Creator track={track} /> · {formatLongDate(track.created)} · {track.duration}
        </p>
        <CardWaveform track={track} height={120} />
        <div className="actions">
          <PlayButton track={track} />
          <SaveButton track={track} />
          <OwnerActions track={track} />
        </div>
        <dl className="track-stats">
          {(
            [
              ['plays', formatCount(track.play_count)],
              ['saved', formatCount(track.saved_by_count)],
              ['comments', formatCount(track.comment_count)],
              ['collections', formatCount(track.in_collections_count)],
              ['visibility', track.visibility],
            ] as const
          ).map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={`track-card__description ${track.description ? '' : 'output--muted'}`}>{track.description || 'no description'}</p>
        <Tags track={track} />
      </div>
    </article>
  );
}

function CompactCard({ track, slot }: { track: TrackView; slot?: ReactNode }) {
  return (
    <article className="track-card track-card--compact" aria-label={track.title}>
      <Artwork track={track} size={48} />
      <div className="track-card__main">
        <Link className="track-card__title" to={trackPath(track)}>
          {track.title}
        </Link>
        <span className="track-card__meta">
          <Creator track={track} />
        </span>
      </div>
      <PlayButton track={track} />
      {slot}
    </article>
  );
}

function DefaultCard({ track }: { track: TrackView }) {
  const [firstTag] = track.tags;
  return (
    <article className="track-card track-card--default" aria-label={track.title}>
      <Artwork track={track} size={72} />
      <div className="track-card__main">
        <p className="track-card__heading">
          <Link className="track-card__title" to={trackPath(track)}>
            {track.title}
          </Link>{' '}
          <span className="track-card__meta">
            by <Creator track={track} />
          </span>{' '}
          {firstTag && (
            <Link className="tag-badge" to={tagPath(firstTag.id)}>
              #{firstTag.name}
            </Link>
          )}{' '}
          {track.visibility !== 'public' && <span className="tag tag--wait">[{track.visibility}]</span>}
        </p>
        <CardWaveform track={track} height={96} />
        <p className="track-card__meta">
          {formatDate(track.created)} · {track.duration} · {countOf(track.play_count, 'play')}
        </p>
      </div>
      <div className="track-card__actions">
        <PlayButton track={track} />
        <SaveButton track={track} />
        <OwnerActions track={track} />
      </div>
    </article>
  );
}
