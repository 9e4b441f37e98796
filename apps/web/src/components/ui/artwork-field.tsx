import { useId, useState } from 'react';
import { checkArtwork, readArtwork, type ChosenArtwork } from '../../lib/artwork/artwork-file';
import './artwork-field.css';

interface ArtworkFieldProps {
  artwork: Readonly<ChosenArtwork> | null;
  onArtwork: (artwork: ChosenArtwork) => void;
  /** Edit: stored artwork the member may remove (sent as remove_artwork, spec §4 Other). */
  removable?: { removing: boolean; onRemove: (removing: boolean) => void };
}

/**
 * Choosing artwork for a track or a collection: the spec §5 format and size checks run before
 * the image is read, and their message shows under the field.
 */
export function ArtworkField({ artwork, onArtwork, removable }: ArtworkFieldProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="field">
      <p className="field__label">
        <span aria-hidden="true">&gt; </span>
        <label htmlFor={id}>artwork (jpg, png, gif or webp, 1 MB)</label>
      </p>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const problem = checkArtwork(file);
          setError(problem);
          if (problem) {
            e.target.value = '';
            return;
          }
          void readArtwork(file).then(onArtwork, () => setError('Could not read the image'));
        }}
      />
      {artwork && <img className="artwork-field__preview" src={artwork.preview} alt="chosen artwork" width={72} height={72} />}
      {removable && !artwork && (
        <label className="field--inline">
          <input type="checkbox" checked={removable.removing} onChange={(e) => removable.onRemove(e.target.checked)} /> remove the current artwork
        </label>
      )}
      {error && (
        <p className="field__error" role="alert">
          ! {error}
        </p>
      )}
    </div>
  );
}
