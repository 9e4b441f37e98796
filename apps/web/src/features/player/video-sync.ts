/**
 * A video track's picture on its page follows the footer player, which stays the one source of
 * sound (the video is muted). These rules say what the picture must do to catch up with the
 * player, and what a person's play, pause or seek on the picture asks of the player. They read
 * plain facts, so the component that applies them stays thin.
 */

/** What the picture needs to know of the footer player. */
export interface SoundFacts {
  /** The footer player holds this track. */
  current: boolean;
  playing: boolean;
  loading: boolean;
  /** Seconds played of the current track. */
  progress: number;
}

/** What the picture's media element says of itself. */
export interface PictureFacts {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  /** NaN until its metadata is loaded. */
  duration: number;
}

/**
 * How far the picture may be from the sound before it is moved. The player reports its time four
 * times a second, and a picture moved on every report would stutter.
 */
export const DRIFT_SECONDS = 0.5;

export interface FollowSteps {
  play: boolean;
  pause: boolean;
  /** Where to move the picture, or null to leave it. */
  seekTo: number | null;
}

/** What the picture does to be in step with the sound. Another track playing leaves it paused where it is. */
export function followSound(sound: SoundFacts, picture: PictureFacts): FollowSteps {
  if (!sound.current) return { play: false, pause: !picture.paused, seekTo: null };
  const running = sound.playing && !sound.loading;
  // The picture may end a moment before the sound: it then rests on its last frame.
  const pastEnd = Number.isFinite(picture.duration) && sound.progress >= picture.duration - 0.05;
  const seekTo = !pastEnd && Math.abs(picture.currentTime - sound.progress) > DRIFT_SECONDS ? sound.progress : null;
  return { play: running && picture.paused && !pastEnd, pause: !running && !picture.paused, seekTo };
}

/** What a person did on the picture, for the player to do the same. */
export type PictureAction = { type: 'play' } | { type: 'pause' } | { type: 'seek'; to: number };

/**
 * Reads a media event of the picture as a person's action, or null when it is the picture
 * following the sound (its own play, pause and seeks) or coming to its end. `ownSeek` is where the
 * picture was last moved to follow the sound.
 */
export function pictureAction(event: 'play' | 'pause' | 'seeked', sound: SoundFacts, picture: PictureFacts, ownSeek: number | null): PictureAction | null {
  if (event === 'play') return sound.current && sound.playing ? null : { type: 'play' };
  if (event === 'pause') return picture.ended || !sound.current || !sound.playing || sound.loading ? null : { type: 'pause' };
  if (ownSeek !== null && Math.abs(picture.currentTime - ownSeek) < 0.1) return null;
  return sound.current && Math.abs(picture.currentTime - sound.progress) > DRIFT_SECONDS ? { type: 'seek', to: picture.currentTime } : null;
}
