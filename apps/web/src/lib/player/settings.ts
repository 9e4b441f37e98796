import { PLAYER, clampVolume, isPlaybackRate, type PlaybackRate } from '@stardeck/contracts/browser';

/** Spec §3: the player settings kept on this device across visits. */
export interface PlayerSettings {
  volume: number;
  rate: PlaybackRate;
  preservePitch: boolean;
  endless: boolean;
  shuffle: boolean;
  /** Whether the footer player is shown or tucked away behind its tab. */
  visible: boolean;
}

export const DEFAULT_SETTINGS: PlayerSettings = {
  volume: PLAYER.volumeDefault, rate: PLAYER.defaultRate, preservePitch: true, endless: false, shuffle: false, visible: true,
};

const KEY = 'stardeck:player';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** What was saved, each field checked on its own: a bad or missing one falls back to its default. */
export function loadSettings(): PlayerSettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') saved = parsed as Record<string, unknown>;
  } catch {
    // A corrupt entry is as good as none.
  }
  const bool = (name: keyof PlayerSettings) => (typeof saved[name] === 'boolean' ? (saved[name] as boolean) : (DEFAULT_SETTINGS[name] as boolean));
  return {
    volume: typeof saved.volume === 'number' ? clampVolume(saved.volume) : DEFAULT_SETTINGS.volume,
    rate: isPlaybackRate(saved.rate) ? saved.rate : DEFAULT_SETTINGS.rate,
    preservePitch: bool('preservePitch'),
    endless: bool('endless'),
    shuffle: bool('shuffle'),
    visible: bool('visible'),
  };
}

let lastSaved: string | null = null;

/** Writes only what changed: the player's state changes several times a second while playing. */
export function saveSettings(settings: PlayerSettings): void {
  const text = JSON.stringify(settings);
  if (text === lastSaved) return;
  lastSaved = text;
  try {
    storage()?.setItem(KEY, text);
  } catch {
    // Private mode or a full quota: the settings last for this visit only.
  }
}
