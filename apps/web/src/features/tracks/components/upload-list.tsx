import { Link } from 'react-router';
import { useSnapshot, type Snapshot } from 'valtio';
import { PromptLine } from '../../../components/ui/prompt-line';
import { formatBytes } from '../../../utils/format';
import type { UploadProgress } from '../api/upload-file';
import { editJob, removeJob, retryJob, uploadsStore, type UploadJob } from '../uploads';

/** Every upload sent from the form, newest last, each with its own steps and progress. */
export function UploadList({ onClose }: { onClose: () => void }) {
  const { jobs } = useSnapshot(uploadsStore);
  if (jobs.length === 0) return null;
  return (
    <section className="upload__jobs" aria-label="uploads">
      <ul>
        {jobs.map((job) => (
          <li key={job.id} className="upload__job" aria-label={`upload of ${job.fields.title}`}>
            <JobStatus job={job} onClose={onClose} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function JobStatus({ job, onClose }: { job: Snapshot<UploadJob>; onClose: () => void }) {
  const title = job.fields.title;
  return (
    <div aria-live="polite">
      <p className="upload__job-title">
        {title} <span className="output--muted">· {job.file.name}</span>
      </p>
      {job.phase === 'queued' && <p className="output output--muted">[..] waiting for the upload before it</p>}
      {job.phase === 'validating' && (
        <>
          <PromptLine command="upload --validate" />
          <p className="output output--muted">[..] validating</p>
        </>
      )}
      {job.phase === 'uploading' && job.progress && <TransferProgress progress={job.progress} />}
      {job.phase === 'processing' && (
        <>
          <PromptLine command="transcode --follow" />
          <label className="upload__bar">
            processing {job.track?.progress ?? 0}%
            <progress max={100} value={job.track?.progress ?? 0} />
          </label>
        </>
      )}
      {job.phase === 'ready' && job.track && (
        <p className="output output--ok">
          <span className="tag tag--ok">[ok]</span> ready:{' '}
          <Link to={`/${job.track.username}/tracks/${job.track.id}`} onClick={onClose}>
            {job.track.title}
          </Link>
        </p>
      )}
      {job.phase === 'failed' && (
        <div role="alert">
          <p className="output output--err">{job.error}</p>
          {job.detail && <p className="output output--err">{job.detail}</p>}
        </div>
      )}
      <div className="actions">
        {(job.phase === 'queued' || job.phase === 'validating' || job.phase === 'uploading') && (
          <button type="button" className="btn btn--small" onClick={() => removeJob(job.id)}>
            cancel<span className="visually-hidden"> upload of {title}</span>
          </button>
        )}
        {job.phase === 'failed' && !job.track && (
          <>
            <button type="button" className="btn btn--small" onClick={() => retryJob(job.id)}>
              retry<span className="visually-hidden"> upload of {title}</span>
            </button>
            <button type="button" className="btn btn--small" onClick={() => editJob(job.id)}>
              back to the form<span className="visually-hidden"> with {title}</span>
            </button>
          </>
        )}
        {(job.phase === 'ready' || job.phase === 'failed') && (
          <button type="button" className="btn btn--small" onClick={() => removeJob(job.id)}>
            dismiss<span className="visually-hidden"> upload of {title}</span>
          </button>
        )}
      </div>
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
