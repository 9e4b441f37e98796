import { TRACK_VISIBILITIES } from '@stardeck/contracts/browser';
import { useEffect } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { useSnapshot } from 'valtio';
import { ArtworkField } from '../../../components/ui/artwork-field';
import { SelectField, TextField } from '../../../components/ui/field';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { useMe } from '../../../lib/session/store';
import { albumEditor, albumFormError, openCreate, openEdit, setField, setRemoveArtwork, submit, toggleTrack } from '../editor';
import { AlbumTrackOrder, useMoving } from './album-track-order';
import '../albums.css';

/** manageAlbumCreate: goes to the new album's page once it is created. */
export function CreateModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const me = useMe();
  const username = me?.username ?? '';
  useEffect(() => {
    void openCreate(username);
  }, [username]);
  return (
    <AlbumFormModal
      title="new album"
      submitLabel="create album"
      onClose={onClose}
      onSaved={(album) => {
        onClose();
        void navigate(`/${album.username}/albums/${album.id}`);
      }}
    />
  );
}

/** manageAlbumEdit: every field, the cover replaced or removed, and the tracks and their order. */
export function EditModal({ albumId, onClose }: { albumId: number | string; onClose: () => void }) {
  const revalidator = useRevalidator();
  const me = useMe();
  const username = me?.username ?? '';
  const id = Number(albumId);
  useEffect(() => {
    void openEdit(id, username);
  }, [id, username]);
  return (
    <AlbumFormModal
      title="edit album"
      submitLabel="save changes"
      onClose={onClose}
      onSaved={() => {
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
  onSaved: (album: { id: number; username: string }) => void;
}

function AlbumFormModal({ title, submitLabel, onClose, onSaved }: FormModalProps) {
  const { form } = useSnapshot(albumEditor);
  const moving = useMoving();
  const problem = form.touched ? albumFormError(form) : null;
  const left = form.choices.filter((choice) => !form.trackIds.includes(choice.id));
  return (
    <ModalFrame title={title} onClose={() => !moving.current && onClose()} focusKey={form.loading} wide>
      {form.loading ? (
        <p className="output output--muted">[..] loading</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit().then((album) => album && onSaved(album));
          }}
        >
          <fieldset className="album-form" disabled={form.saving}>
            <TextField label="title" value={form.title} onValue={(v) => setField('title', v)} required />
            <TextField label="description" value={form.description} onValue={(v) => setField('description', v)} multiline />
            <TextField label="release date" type="date" value={form.releaseDate} onValue={(v) => setField('releaseDate', v)} />
            <SelectField label="visibility" value={form.visibility} options={TRACK_VISIBILITIES} onValue={(v) => setField('visibility', v)} />
            <TextField label="tags (comma separated, up to 5)" value={form.tags} onValue={(v) => setField('tags', v)} />
            {form.currentArtwork && !form.artwork && !form.removeArtwork && (
              <img className="artwork-field__preview" src={form.currentArtwork} alt="current cover" width={72} height={72} />
            )}
            <ArtworkField
              artwork={form.artwork}
              onArtwork={(artwork) => setField('artwork', artwork)}
              removable={form.currentArtwork ? { removing: form.removeArtwork, onRemove: setRemoveArtwork } : undefined}
            />
            <h3 className="album-form__heading">tracks ({form.trackIds.length})</h3>
            <AlbumTrackOrder trackIds={form.trackIds} choices={form.choices} moving={moving} />
            <h3 className="album-form__heading">your tracks</h3>
            {left.length === 0 ? (
              <p className="output output--muted">{form.choices.length === 0 ? 'upload a track first: an album holds your own tracks.' : 'every one of your tracks is on the album.'}</p>
            ) : (
              <ul className="album-choices" aria-label="your tracks">
                {left.map((choice) => (
                  <li key={choice.id}>
                    <button type="button" className="btn btn--small" onClick={() => toggleTrack(choice.id)}>
                      add<span className="visually-hidden"> {choice.title}</span>
                    </button>{' '}
                    {choice.title}
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          {problem && (
            <p className="output output--err" role="alert">
              {problem}
            </p>
          )}
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
