import { AUDIO_EXTENSIONS } from '@stardeck/contracts/browser';
import { useId } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { PromptLine } from '../../../components/ui/prompt-line';
import { formatBytes } from '../../../utils/format';
import { chooseFile, resetUpload, setUploadField, submitUpload, tracksStore } from '../store';
import type { UploadProgress } from '../api/upload-file';
import { TrackFormFields } from './track-form-fields';
import './track-forms.css';

const ACCEPT = AUDIO_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The manageTrackUpload modal (spec §4 Upload). Persistent: it stays open across pages, and an
 * upload under way carries on when it is closed and shows again when it is reopened.
 */
export function Component({ onClose }: { onClose: () => void }) {
  const { upload } = useSnapshot(tracksStore);
  const fileId = useId();
  const busy = upload.phase === 'validating' || upload.phase === 'uploading' || upload.phase === 'processing';
  return (
    <ModalFrame title="upload track" onClose={onClose} wide>
      <form
        className="upload"
        onSubmit={(event) => {
          event.preventDefault();
          void submitUpload();
        }}
      >
        <div className="field">
          <p className="field__label">
            <span aria-hidden="true">&gt; </span>
            <label htmlFor={fileId}>audio file ({AUDIO_EXTENSIONS.join(', ')}; up to 256 MB)</label>
          </p>
          <input id={fileId} type="file" accept={ACCEPT} disabled={busy} onChange={(e) => chooseFile(e.target.files?.[0] ?? null)} data-autofocus />
          {upload.file && (
            <p className="field__hint">
              {upload.file.name} · {formatBytes(upload.file.size)}
            </p>
          )}
        </div>
        <TrackFormFields form={upload} set={setUploadField} disabled={busy} />
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'uploading...' : 'upload'}
          </button>
          {busy && (
            <button type="button" className="btn" onClick={resetUpload}>
              cancel
            </button>
          )}
        </div>
        <UploadStatus onClose={onClose} />
      </form>
    </ModalFrame>
  );
}

/** The steps as they run; the finished track's link closes the modal on its way to the track. */
function UploadStatus({ onClose }: { onClose: () => void }) {
  const { upload } = useSnapshot(tracksStore);
  return (
    <div className="upload__status" aria-live="polite">
      {upload.phase === 'validating' && (
        <>
          <PromptLine command="upload --validate" />
          <p className="output output--muted">[..] validating</p>
        </>
      )}
      {upload.phase === 'uploading' && upload.progress && <TransferProgress progress={upload.progress} />}
      {upload.phase === 'processing' && (
        <>
          <PromptLine command="transcode --follow" />
          <label className="upload__bar">
            processing {upload.track?.progress ?? 0}%
            <progress max={100} value={upload.track?.progress ?? 0} />
          </label>
        </>
      )}
      {upload.phase === 'ready' && upload.track && (
        <p className="output output--ok">
          <span className="tag tag--ok">[ok]</span> ready:{' '}
          <Link to={`/${upload.track.username}/tracks/${upload.track.id}`} onClick={onClose}>
            {upload.track.title}
          </Link>
        </p>
      )}
      {upload.error && (
        <div role="alert">
          <p className="output output--err">{upload.error}</p>
          {upload.detail && <p className="output output--err">{upload.detail}</p>}
        </div>
      )}
    </div>
  );
}

function TransferProgress({ progress }: { progress: Readonly<UploadProgress> }) {
  const speed = progress.rate ? `${formatBytes(progress.rate)}/s` : 'measuring speed';
  const left = progress.secondsLeft !== null && progress.rate ? `${Math.ceil(progress.secondsLeft)} s left` : 'estimating time left';
  return (
    <>
      <PromptLine command="upload --put" />
      <label className="upload__bar">
        uploading {progress.percent}%
        <progress max={100} value={progress.percent} />
      </label>
      <p className="output output--muted upload__numbers">
        {formatBytes(progress.loaded)} of {formatBytes(progress.total)} · {speed} · {left}
      </p>
    </>
  );
}
