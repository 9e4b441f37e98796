import { DESCRIPTION_MAX, TAGS_PER_TRACK, TITLE_MAX, TRACK_VISIBILITIES } from '@stardeck/contracts/browser';
import { ArtworkField } from '../../../components/ui/artwork-field';
import { SelectField, TextField } from '../../../components/ui/field';
import type { TrackForm, TrackFormView } from '../track-form';
import { TagPicker } from './tag-picker';

interface TrackFormFieldsProps {
  form: TrackFormView;
  set: <K extends keyof TrackForm>(name: K, value: TrackForm[K]) => void;
  disabled?: boolean;
  /** Edit: the track has stored artwork the member may remove. */
  removableArtwork?: { removing: boolean; onRemove: (removing: boolean) => void };
  /** False when each file of an upload has a title of its own, given beside it. */
  withTitle?: boolean;
}

/** Title, description, visibility, tags (5 per track) and artwork: the fields upload and edit share. */
export function TrackFormFields({ form, set, disabled, removableArtwork, withTitle = true }: TrackFormFieldsProps) {
  return (
    <fieldset className="track-form" disabled={disabled}>
      {withTitle && <TextField label="title" value={form.title} onValue={(v) => set('title', v)} maxLength={TITLE_MAX} required />}
      <TextField label="description" value={form.description} onValue={(v) => set('description', v)} maxLength={DESCRIPTION_MAX} multiline />
      <SelectField label="visibility" value={form.visibility} options={TRACK_VISIBILITIES} onValue={(v) => set('visibility', v)} />
      <TagPicker tags={form.tags} onChange={(tags) => set('tags', tags)} max={TAGS_PER_TRACK} />
      <ArtworkField
        artwork={form.artwork}
        onArtwork={(artwork) => set('artwork', artwork)}
        removable={removableArtwork}
      />
    </fieldset>
  );
}
