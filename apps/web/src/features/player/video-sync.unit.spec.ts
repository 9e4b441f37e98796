import { describe, expect, it } from 'vitest';
import { followSound, pictureAction, type PictureFacts, type SoundFacts } from './video-sync';

const sound = (facts: Partial<SoundFacts> = {}): SoundFacts => ({ current: true, playing: true, loading: false, progress: 10, ...facts });
const picture = (facts: Partial<PictureFacts> = {}): PictureFacts => ({ paused: false, ended: false, currentTime: 10, duration: 60, ...facts });

describe('the picture follows the footer player', () => {
  it('plays and pauses with the sound of its own track', () => {
    expect(followSound(sound(), picture({ paused: true }))).toEqual({ play: true, pause: false, seekTo: null });
    expect(followSound(sound({ playing: false }), picture())).toEqual({ play: false, pause: true, seekTo: null });
    // While the sound loads (after a seek, or at its start), the picture waits.
    expect(followSound(sound({ loading: true }), picture())).toEqual({ play: false, pause: true, seekTo: null });
    expect(followSound(sound(), picture())).toEqual({ play: false, pause: false, seekTo: null });
  });

  it('moves to where the sound is when they drift apart, not on every report', () => {
    expect(followSound(sound({ progress: 42 }), picture()).seekTo).toBe(42);
    expect(followSound(sound({ progress: 10.3 }), picture()).seekTo).toBeNull();
    expect(followSound(sound({ playing: false, progress: 3 }), picture({ paused: true })).seekTo).toBe(3);
  });

  it('rests on its last frame when the sound runs a moment longer', () => {
    expect(followSound(sound({ progress: 60.2 }), picture({ paused: true, ended: true, currentTime: 60 }))).toEqual({ play: false, pause: false, seekTo: null });
  });

  it('stays paused while another track plays', () => {
    expect(followSound(sound({ current: false, progress: 100 }), picture())).toEqual({ play: false, pause: true, seekTo: null });
    expect(followSound(sound({ current: false }), picture({ paused: true }))).toEqual({ play: false, pause: false, seekTo: null });
  });
});

describe('a person\'s play, pause and seek on the picture go to the player', () => {
  it('plays the track when its sound is not playing, pauses it when it is', () => {
    expect(pictureAction('play', sound({ playing: false }), picture(), null)).toEqual({ type: 'play' });
    expect(pictureAction('play', sound({ current: false, playing: true }), picture(), null)).toEqual({ type: 'play' });
    expect(pictureAction('pause', sound(), picture({ paused: true }), null)).toEqual({ type: 'pause' });
  });

  it('ignores the picture\'s own following and its end', () => {
    expect(pictureAction('play', sound(), picture(), null)).toBeNull();
    expect(pictureAction('pause', sound({ playing: false }), picture({ paused: true }), null)).toBeNull();
    expect(pictureAction('pause', sound(), picture({ paused: true, ended: true }), null)).toBeNull();
    expect(pictureAction('pause', sound({ loading: true }), picture({ paused: true }), null)).toBeNull();
    expect(pictureAction('seeked', sound({ progress: 30.4 }), picture({ currentTime: 30 }), 30)).toBeNull();
  });

  it('seeks the sound to where the picture was moved', () => {
    expect(pictureAction('seeked', sound(), picture({ currentTime: 25 }), null)).toEqual({ type: 'seek', to: 25 });
    expect(pictureAction('seeked', sound(), picture({ currentTime: 25 }), 4)).toEqual({ type: 'seek', to: 25 });
    expect(pictureAction('seeked', sound(), picture({ currentTime: 10.2 }), null)).toBeNull();
  });
});
