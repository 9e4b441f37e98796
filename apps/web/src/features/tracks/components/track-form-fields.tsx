import { DESCRIPTION_MAX, TAGS_PER_TRACK, TITLE_MAX, TRACK_VISIBILITIES, type TrackVisibility } from '@stardeck/contracts/browser';
import { useId, useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { checkArtwork, readArtwork } from '../artwork-file';
import type { TrackForm, TrackFormView } from '../store';
import { TagPicker } from './tag-picker';

interface TrackFormFieldsProps {
  form: TrackFormView;
  set: <K extends keyof TrackForm>(name: K, value: TrackForm[K]) => void;
  disabled?: boolean;
  /** Edit: the track has stored artwork the member may remove. */
  removableArtwork?: { removing: boolean; onRemove: (removing: boolean) => void };
}

/** Title, description, visibility, tags (5 per track) and artwork: the fields upload and edit share. */
export function TrackFormFields({ form, set, disabled, removableArtwork }: TrackFormFieldsProps) {
  const visibilityId = useId();
  const artworkId = useId();
  const [artworkError, setArtworkError] = useState<string | null>(null);
  return (
    <fieldset className="track-form" disabled={disabled}>
      <TextField label="title" value={form.title} onValue={(v) => set('title', v)} maxLength={TITLE_MAX} required />
      <TextField label="description" value={form.description} onValue={(v) => set('description', v)} maxLength={DESCRIPTION_MAX} multiline />
      <div className="field">
        <p className="field__label">
          <span aria-hidden="true">&gt; </span>
          <label htmlFor={visibilityId}>visibility</label>
        </p>
        <select id={visibilityId} className="field__input" value={form.visibility} onChange={(e) => set('visibility', e.target.value as TrackVisibility)}>
          {TRACK_VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
      <TagPicker tags={form.tags} onChange={(tags) => set('tags', tags)} max={TAGS_PER_TRACK} />
      <div className="field">
        <p className="field__label">
          <span aria-hidden="true">&gt; </span>
          <label htmlFor={artworkId}>artwork (jpg, png, gif or webp, 1 MB)</label>
        </p>
        <input
          id={artworkId}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-invalid={artworkError ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const problem = checkArtwork(file);
            setArtworkError(problem);
            if (problem) {
              e.target.value = '';
              return;
            }
            void readArtwork(file).then((artwork) => set('artwork', artwork), () => setArtworkError('Could not read the image'));
          }}
        />
        {form.artwork && <img className="track-form__preview" src={form.artwork.preview} alt="chosen artwork" width={72} height={72} />}
        {removableArtwork && !form.artwork && (
          <label className="field--inline">
            <input type="checkbox" checked={removableArtwork.removing} onChange={(e) => removableArtwork.onRemove(e.target.checked)} /> remove the current artwork
          </label>
        )}
        {artworkError && (
          <p className="field__error" role="alert">
            ! {artworkError}
          </p>
        )}
      </div>
    </fieldset>
  );
}
