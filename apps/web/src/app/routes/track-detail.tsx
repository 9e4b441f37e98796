import type { TrackView } from '@stardeck/contracts/browser';
import { useLoaderData } from 'react-router';
import { useSnapshot } from 'valtio';
import { TrackCard } from '../../components/tracks/track-card';
import { PromptLine } from '../../components/ui/prompt-line';
import { TerminalWindow } from '../../components/ui/terminal-window';
import { TrackVideo } from '../../features/player/components/track-video';
import { TrackAlbums } from '../../features/albums/components/track-albums';
import { CommentThreads } from '../../features/tracks/components/comment-threads';
import { ShareTrack } from '../../features/tracks/components/share-track';
import { TrackAudience } from '../../features/tracks/components/track-audience';
import { enqueue } from '../../lib/player/store';
import { revisions, trackRevision } from '../../lib/revisions/store';
import { useRevalidateOn } from '../use-revalidate-on';

/**
 * /{username}/tracks/{id} (TerminalTrackDetail): the hero card and the comment threads. A video
 * track shows its picture in place of the artwork, for members (visitors get no video URL).
 */
export function Component() {
  const { track } = useLoaderData() as { track: TrackView };
  const { video } = track;
  // A comment posted here or in the footer player, or an edit, shows in the counts at once.
  useRevalidateOn(trackRevision(useSnapshot(revisions), track.id));
  return (
    <TerminalWindow path={`~/${track.username}/tracks/${track.id}`} title={track.title} className="window--wide">
      <PromptLine command={`track --user ${track.username} --id ${track.id}`} />
      <TrackCard track={track} variant="hero" media={video?.url ? <TrackVideo key={track.id} track={track} video={{ ...video, url: video.url }} /> : undefined} />
      <TrackAlbums trackId={track.id} />
      {track.status === 'ready' && (
        <div className="actions">
          <button type="button" className="btn btn--small" onClick={() => enqueue(track)}>
            + queue<span className="visually-hidden"> {track.title}</span>
          </button>
          <ShareTrack track={track} />
        </div>
      )}
      {track.status === 'ready' && <TrackAudience track={track} />}
      <CommentThreads track={track} />
    </TerminalWindow>
  );
}
