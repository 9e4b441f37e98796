import type { TrackVideoView, TrackView } from '@stardeck/contracts/browser';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { pause, play, player, resume, seek } from '../../../lib/player/store';
import { followSound, pictureAction, type PictureFacts, type SoundFacts } from '../video-sync';
import '../player.css';

/** The track page's picture is at most this wide; its height follows the video's aspect ratio. */
const MAX_WIDTH = 480;

const factsOf = (video: HTMLVideoElement): PictureFacts => ({
  paused: video.paused, ended: video.ended, currentTime: video.currentTime, duration: video.duration,
});

/**
 * A video track's picture in place of its artwork (spec §6 video upload premium). It is muted:
 * the footer player is the one source of sound, and the picture follows it (play, pause, seek,
 * speed). Play, pause and seek on the picture are passed to the player, which the picture then
 * follows like any other change.
 */
export function TrackVideo({ track, video }: { track: TrackView; video: TrackVideoView & { url: string } }) {
  const element = useRef<HTMLVideoElement | null>(null);
  const { currentId, playing, loading, progress, rate } = useSnapshot(player);
  const sound: SoundFacts = { current: currentId === track.id, playing, loading, progress };
  /** Where the picture was last moved to follow the sound: its `seeked` is not a person's seek. */
  const ownSeek = useRef<number | null>(null);
  /** Play and pause the picture was told to do; their events are not a person's either. */
  const ownEvents = useRef(new Set<'play' | 'pause'>());
  const latest = useRef({ sound, track });
  latest.current = { sound, track };

  useEffect(() => {
    const media = element.current;
    if (!media) return;
    const steps = followSound(sound, factsOf(media));
    if (steps.seekTo !== null) {
      ownSeek.current = steps.seekTo;
      media.currentTime = steps.seekTo;
    }
    if (steps.play) {
      ownEvents.current.add('play');
      void media.play().catch(() => ownEvents.current.delete('play'));
    }
    if (steps.pause) {
      ownEvents.current.add('pause');
      media.pause();
    }
    media.playbackRate = rate;
  });

  useEffect(() => {
    const media = element.current;
    if (!media) return;
    media.muted = true;
    const on = (event: 'play' | 'pause' | 'seeked') => () => {
      if (event !== 'seeked' && ownEvents.current.delete(event)) return;
      const { sound: now, track: shown } = latest.current;
      const action = pictureAction(event, now, factsOf(media), ownSeek.current);
      if (event === 'seeked') ownSeek.current = null;
      if (!action) return;
      if (action.type === 'pause') pause();
      else if (action.type === 'seek') seek(action.to);
      else if (now.current) resume();
      else void play(shown);
    };
    // A person who unmutes the picture would hear the track twice: the footer player keeps the sound.
    const keepMuted = () => {
      if (!media.muted) media.muted = true;
    };
    const listeners = [['play', on('play')], ['pause', on('pause')], ['seeked', on('seeked')], ['volumechange', keepMuted]] as const;
    for (const [name, listener] of listeners) media.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) media.removeEventListener(name, listener);
    };
  }, []);

  const width = Math.min(MAX_WIDTH, video.width);
  return (
    <video
      ref={element}
      className="track-video"
      src={video.url}
      poster={video.poster}
      width={width}
      height={Math.round((width * video.height) / video.width)}
      muted
      playsInline
      controls
      controlsList="nodownload noremoteplayback"
      disablePictureInPicture
      preload="metadata"
      aria-label={`video of ${track.title}`}
    />
  );
}
