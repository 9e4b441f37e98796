import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { openEdit, setEditField, setRemoveArtwork, submitEdit, tracksStore } from '../store';
import { TrackFormFields } from './track-form-fields';
import './track-forms.css';

/** The manageTrackEdit modal (spec §2; needs a positive trackId): title, description, visibility, tags, artwork. */
export function Component({ trackId, onClose }: { trackId: number | string; onClose: () => void }) {
  const { edit } = useSnapshot(tracksStore);
  const revalidator = useRevalidator();
  const id = Number(trackId);
  useEffect(() => {
    void openEdit(id);
  }, [id]);
  return (
    <ModalFrame title="edit track" onClose={onClose} wide focusKey={edit.loading}>
      {edit.loading ? (
        <p className="output output--muted">[..] loading</p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submitEdit().then((track) => {
              if (!track) return;
              // The page behind shows the edited track.
              void revalidator.revalidate();
              onClose();
            });
          }}
        >
          <TrackFormFields
            form={edit}
            set={setEditField}
            disabled={edit.saving}
            removableArtwork={edit.hadArtwork ? { removing: edit.removeArtwork, onRemove: setRemoveArtwork } : undefined}
          />
          <div className="actions">
            <button type="submit" className="btn btn--primary" disabled={edit.saving}>
              {edit.saving ? 'saving...' : 'save changes'}
            </button>
            <button type="button" className="btn" onClick={onClose}>
              cancel
            </button>
          </div>
          {edit.error && (
            <p className="output output--err" role="alert">
              {edit.error}
            </p>
          )}
        </form>
      )}
    </ModalFrame>
  );
}
