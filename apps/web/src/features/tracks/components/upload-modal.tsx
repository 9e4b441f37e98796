import { AUDIO_EXTENSIONS, TIERS, TITLE_MAX, VIDEO_EXTENSIONS } from '@stardeck/contracts/browser';
import { useId, useState, type DragEvent } from 'react';
import { useSnapshot } from 'valtio';
import { TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { useMe } from '../../../lib/session/store';
import { formatBytes } from '../../../utils/format';
import { chooseFiles, setFileTitle, setUploadField, submitUpload, uploadsStore } from '../uploads';
import { TrackFormFields } from './track-form-fields';
import { UploadList } from './upload-list';
import './track-forms.css';

/** Spec §6: video uploads are premium (and admin); the others pick audio only. */
function acceptedExtensions(videoAllowed: boolean): readonly string[] {
  return videoAllowed ? [...AUDIO_EXTENSIONS, ...VIDEO_EXTENSIONS] : AUDIO_EXTENSIONS;
}

/** The files a drop carries, if it carries any. */
export function droppedFiles(event: Pick<DragEvent, 'dataTransfer'>): File[] {
  return Array.from(event.dataTransfer?.files ?? []);
}

/** Whether a drag brings files (not text or a link being dragged about the page). */
export function dragsFiles(event: Pick<DragEvent, 'dataTransfer'>): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * The manageTrackUpload modal (spec §4 Upload). Files are picked or dropped, one or several;
 * sending makes an upload of each, listed under the form with its own progress, and the form
 * empties for the next ones. Persistent: it stays open across pages, and uploads under way carry
 * on when it is closed and show again when it is reopened.
 */
export function Component({ onClose }: { onClose: () => void }) {
  const { form } = useSnapshot(uploadsStore);
  const fileId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const several = form.files.length > 1;
  const me = useMe();
  const videoAllowed = Boolean(me && TIERS[me.tier.slug]?.features.video_upload);
  const extensions = acceptedExtensions(videoAllowed);

  const onDrop = (event: DragEvent) => {
    if (!dragsFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const files = droppedFiles(event);
    if (files.length > 0) chooseFiles(files);
  };

  return (
    <ModalFrame title="upload track" onClose={onClose} wide>
      <form
        className="upload"
        onSubmit={(event) => {
          event.preventDefault();
          void submitUpload();
        }}
      >
        <div
          className={`upload__drop ${dragging ? 'upload__drop--over' : ''}`}
          onDragOver={(event) => {
            if (!dragsFiles(event)) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <p className="field__label">
            <span aria-hidden="true">&gt; </span>
            <label htmlFor={fileId}>audio files{videoAllowed ? ' or videos' : ''} ({extensions.join(', ')}; up to 256 MB each)</label>
          </p>
          <input key={form.formKey} id={fileId} type="file" accept={extensions.map((e) => `.${e}`).join(',')} multiple aria-describedby={hintId} onChange={(e) => chooseFiles(Array.from(e.target.files ?? []))} data-autofocus />
          <p id={hintId} className="field__hint">
            {form.files.length === 0
              ? 'or drop one or several files here: each becomes a track of its own.'
              : form.files.length === 1
                ? `${form.files[0]!.name} · ${formatBytes(form.files[0]!.size)}`
                : `${form.files.length} files · ${formatBytes(form.files.reduce((sum, file) => sum + file.size, 0))}: each becomes a track of its own.`}
          </p>
        </div>
        {several && (
          <fieldset className="upload__titles">
            <legend>titles</legend>
            {form.files.map((file, index) => (
              <TextField
                key={`${form.formKey}-${index}`}
                label={`title of ${file.name}`}
                value={form.titles[index] ?? ''}
                onValue={(value) => setFileTitle(index, value)}
                maxLength={TITLE_MAX}
                required
              />
            ))}
          </fieldset>
        )}
        <TrackFormFields form={form} set={setUploadField} withTitle={!several} />
        {form.error && (
          <p className="output output--err" role="alert">
            {form.error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="btn btn--primary">
            {several ? `upload ${form.files.length} tracks` : 'upload'}
          </button>
        </div>
      </form>
      <UploadList onClose={onClose} />
    </ModalFrame>
  );
}
