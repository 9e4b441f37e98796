import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { toastFailure, toastSuccess } from '../../../lib/toasts/from-result';
import { uploadProfileImage } from '../api/profile';
import { failureText } from '../failure-text';
import { PROFILE_IMAGE_MAX_BYTES, checkProfileImage, type ProfileImageKind } from '../image-rules';

const FAILURE_TITLE: Record<ProfileImageKind, string> = { avatar: 'Avatar Upload Failed', banner: 'Banner Upload Failed' };

/** manageAvatar and manageBanner: pick an image, see it, upload it (spec §5 formats and sizes). */
function ImageModal({ kind, onClose }: { kind: ProfileImageKind; onClose: () => void }) {
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  const choose = (chosen: File | undefined) => {
    setFile(null);
    setPreview(null);
    if (!chosen) return setError(null);
    const problem = checkProfileImage(chosen, kind);
    setError(problem);
    if (problem) return;
    setFile(chosen);
    // A data: URL, as the page's content policy allows images from data: but not blob:.
    const reader = new FileReader();
    reader.onload = () => setPreview(String(reader.result));
    reader.readAsDataURL(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    const result = await uploadProfileImage(kind, file);
    setBusy(false);
    if (!result.ok) {
      const description = failureText(result.failure, `${kind} upload failed`);
      setError(description);
      toastFailure(result.failure, { title: FAILURE_TITLE[kind], description });
      return;
    }
    toastSuccess(result);
    void revalidator.revalidate();
    onClose();
  };

  return (
    <ModalFrame title={`change ${kind}`} onClose={onClose}>
      <form onSubmit={(event) => { event.preventDefault(); void upload(); }}>
        <div className="field">
          <p className="field__label">
            <span aria-hidden="true">&gt; </span>
            <label htmlFor={inputId}>{kind} image</label>
          </p>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            aria-describedby={hintId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p id={hintId} className="field__hint">jpg, png, gif or webp, at most {PROFILE_IMAGE_MAX_BYTES[kind] / (1024 * 1024)} MB</p>
          {error && <p className="field__error" role="alert">! {error}</p>}
        </div>
        {preview && <img className="image-preview" src={preview} alt={`new ${kind} preview`} />}
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={!file || busy}>{busy ? 'uploading...' : `upload ${kind}`}</button>
          <button type="button" className="btn" onClick={onClose}>cancel</button>
        </div>
      </form>
    </ModalFrame>
  );
}

export function AvatarModal({ onClose }: { onClose: () => void }) {
  return <ImageModal kind="avatar" onClose={onClose} />;
}

export function BannerModal({ onClose }: { onClose: () => void }) {
  return <ImageModal kind="banner" onClose={onClose} />;
}
