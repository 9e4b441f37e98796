import { PROFILE_LIMITS, PROFILE_VIEWS, type StreamingQuality, type TrackView, type UserConfig } from '@stardeck/contracts/browser';
import { useEffect, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { openModal } from '../../../lib/modals/store';
import { useMe } from '../../../lib/session/store';
import { toastFailure, toastSuccess } from '../../../lib/toasts/from-result';
import { getOwnTracks } from '../api/own-tracks';
import { updateProfile } from '../api/profile';
import { initialQuality, qualityOptions } from '../config-rules';
import { failureText } from '../failure-text';

/** Each setting with who it shares what with, as the server applies it. */
const BOOLEANS = [
  ['show_profile_stats', 'show my stats on my profile', 'on: members who open your profile see your counts. off: only you do.'],
  ['show_storage_usage', 'show my storage usage', 'on: members who open your profile see how much you store. off: only you do.'],
  [
    'share_listening_history',
    'share my listening history',
    'on: signed-in members can open your history, showing the public tracks you played. off: only you see it. Visitors never do.',
  ],
  ['allow_recommendations', 'allow recommendations', null],
] as const;

/** Who reads the message of the day: it is a note to oneself, shown nowhere else. */
export const MOTD_AUDIENCE = 'only you see it, at the top of your own profile.';

/** The manageConfig modal (spec §3 User config), opened on the quality the tier allows (spec §4). */
export function Component({ onClose }: { onClose: () => void }) {
  const me = useMe();
  const tier = me?.tier.slug ?? 'free';
  const [config, setConfig] = useState<UserConfig>(() => {
    const saved = me!.config;
    return { ...saved, streaming_quality: initialQuality(saved.streaming_quality, tier), motd: saved.motd ?? '' };
  });
  const [tracks, setTracks] = useState<TrackView[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const viewId = useId();
  const pinnedId = useId();

  useEffect(() => {
    if (!me) return;
    const controller = new AbortController();
    void getOwnTracks(me.username, controller.signal).then((result) => result.ok && setTracks(result.envelope.data!.tracks));
    return () => controller.abort();
  }, [me]);

  const set = <K extends keyof UserConfig>(key: K, value: UserConfig[K]) => setConfig((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setBusy(true);
    setError(null);
    const pinned = config.pinned_track_id === null || config.pinned_track_id === '' ? null : Number(config.pinned_track_id);
    const result = await updateProfile({ config: { ...config, pinned_track_id: pinned, motd: config.motd?.trim() || null } });
    setBusy(false);
    if (!result.ok) {
      setError(failureText(result.failure, 'Failed to save configuration'));
      toastFailure(result.failure, { title: 'Settings', description: 'Failed to save configuration' });
      return;
    }
    toastSuccess(result);
    void revalidator.revalidate();
    onClose();
  };

  return (
    <ModalFrame title="settings" onClose={onClose} wide>
      <p className="output">
        account:{' '}
        <button type="button" className="link-button" onClick={() => openModal('manageAccount')}>
          change password or email
        </button>
      </p>
      <form onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <fieldset className="quality-options">
          <legend>streaming quality</legend>
          {qualityOptions(tier).map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name="streaming_quality"
                value={option.value}
                checked={config.streaming_quality === option.value}
                disabled={option.lock !== null}
                onChange={() => set('streaming_quality', option.value as StreamingQuality)}
              />{' '}
              {option.label}
              {option.lock && <span className="tag tag--wait"> [{option.lock}]</span>}
            </label>
          ))}
          {qualityOptions(tier).some((option) => option.lock !== null) && (
            <button type="button" className="link-button" onClick={() => openModal('manageMembership')}>
              see membership plans
            </button>
          )}
        </fieldset>
        <div className="field">
          <p className="field__label"><label htmlFor={viewId}>default profile view</label></p>
          <select id={viewId} value={config.default_profile_view} onChange={(e) => set('default_profile_view', e.target.value)}>
            {PROFILE_VIEWS.map((view) => <option key={view} value={view}>{view}</option>)}
          </select>
        </div>
        <div className="field">
          <p className="field__label"><label htmlFor={pinnedId}>pinned track</label></p>
          <select id={pinnedId} value={config.pinned_track_id ?? ''} onChange={(e) => set('pinned_track_id', e.target.value || null)}>
            <option value="">none</option>
            {tracks.map((track) => <option key={track.id} value={track.id}>{track.title}</option>)}
          </select>
        </div>
        <TextField
          label="message of the day"
          value={config.motd ?? ''}
          onValue={(value) => set('motd', value)}
          maxLength={PROFILE_LIMITS.motdMax}
          hint={`${(config.motd ?? '').length}/${PROFILE_LIMITS.motdMax} · ${MOTD_AUDIENCE}`}
        />
        {BOOLEANS.map(([key, label, audience]) => (
          <CheckboxField key={key} label={label} hint={audience ?? undefined} checked={config[key]} onChecked={(checked) => set(key, checked)} />
        ))}
        {error && <p className="output output--err" role="alert">{error}</p>}
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'saving...' : 'save settings'}</button>
          <button type="button" className="btn" onClick={onClose}>cancel</button>
        </div>
      </form>
    </ModalFrame>
  );
}
