import { TRACK_VISIBILITIES } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { ArtworkField } from '../../../components/ui/artwork-field';
import { SelectField, TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { editorStore, openCreate, openEdit, setField, setRemoveArtwork, submit } from '../editor';
import { collectionDescriptionError, collectionNameError } from '../form-rules';
import '../collections.css';

/** manageCollectionCreate: spec §2 goes to the new collection's page once it is created. */
export function CreateModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  useEffect(() => openCreate(), []);
  return (
    <CollectionFormModal
      title="new collection"
      submitLabel="create collection"
      onClose={onClose}
      onSaved={(collection) => {
        onClose();
        void navigate(`/${collection.username}/collections/${collection.id}`);
      }}
    />
  );
}

/** collectionEdit: name, description, visibility and artwork, which may be replaced or removed. */
export function EditModal({ collectionId, onClose }: { collectionId: number | string; onClose: () => void }) {
  const revalidator = useRevalidator();
  const id = Number(collectionId);
  useEffect(() => {
    void openEdit(id);
  }, [id]);
  return (
    <CollectionFormModal
      title="edit collection"
      submitLabel="save changes"
      onClose={onClose}
      onSaved={() => {
        // The page behind shows the edited collection.
        void revalidator.revalidate();
        onClose();
      }}
    />
  );
}

interface FormModalProps {
  title: string;
  submitLabel: string;
  onClose: () => void;
  onSaved: (collection: { id: number; username: string }) => void;
}

function CollectionFormModal({ title, submitLabel, onClose, onSaved }: FormModalProps) {
  const { form } = useSnapshot(editorStore);
  const nameError = form.touched ? collectionNameError(form.name) : null;
  const descriptionError = form.touched ? collectionDescriptionError(form.description) : null;
  return (
    <ModalFrame title={title} onClose={onClose} focusKey={form.loading}>
      {form.loading ? (
        <p className="output output--muted">[..] loading</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit().then((collection) => collection && onSaved(collection));
          }}
        >
          <fieldset className="collection-form" disabled={form.saving}>
            <TextField label="name" value={form.name} onValue={(v) => setField('name', v)} error={nameError ?? undefined} required />
            <TextField
              label="description"
              value={form.description}
              onValue={(v) => setField('description', v)}
              error={descriptionError ?? undefined}
              multiline
            />
            <SelectField label="visibility" value={form.visibility} options={TRACK_VISIBILITIES} onValue={(v) => setField('visibility', v)} />
            {form.currentArtwork && !form.artwork && !form.removeArtwork && (
              <img className="artwork-field__preview" src={form.currentArtwork} alt="current artwork" width={72} height={72} />
            )}
            <ArtworkField
              artwork={form.artwork}
              onArtwork={(artwork) => setField('artwork', artwork)}
              removable={form.currentArtwork ? { removing: form.removeArtwork, onRemove: setRemoveArtwork } : undefined}
            />
          </fieldset>
          <div className="actions">
            <button type="submit" className="btn btn--primary" disabled={form.saving}>
              {form.saving ? 'saving...' : submitLabel}
            </button>
            <button type="button" className="btn" onClick={onClose}>
              cancel
            </button>
          </div>
          {form.error && (
            <p className="output output--err" role="alert">
              {form.error}
            </p>
          )}
        </form>
      )}
    </ModalFrame>
  );
}
