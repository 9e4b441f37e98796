import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { lightbox } from '../../../lib/lightbox/store';
import { modals, openModal } from '../../../lib/modals/store';
import { chooseFiles, uploadsStore } from '../uploads';

/** The key that opens the upload form, as aria-keyshortcuts spells it. */
export const UPLOAD_KEY = 'u';

/** Typing keeps its letters: a field, a text area, a list box or editable text. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select') !== null);
}

/** Opens the upload form unless another dialog is in use: what the member was doing there is kept. */
function openUpload(): void {
  if (modals.current === null && lightbox.image === null) openModal('manageTrackUpload');
}

const bringsFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The header's upload button, with what reaches it from anywhere on the page: the `u` key (not
 * while typing) and audio files dropped on the page, which open the form holding them. A file
 * dropped elsewhere would otherwise make the browser leave the site to show it.
 */
export function UploadButton() {
  const { jobs } = useSnapshot(uploadsStore);
  const running = jobs.filter((job) => job.phase !== 'ready' && job.phase !== 'failed').length;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.toLowerCase() !== UPLOAD_KEY || isTyping(event.target)) return;
      if (modals.current !== null || lightbox.image !== null) return;
      event.preventDefault();
      openUpload();
    };
    const onDragOver = (event: DragEvent) => {
      if (!bringsFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = modals.current === null || modals.current.name === 'manageTrackUpload' ? 'copy' : 'none';
    };
    const onDrop = (event: DragEvent) => {
      if (!bringsFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      if (modals.current?.name === 'manageTrackUpload') chooseFiles(files);
      else if (modals.current === null && lightbox.image === null) {
        chooseFiles(files);
        openUpload();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  return (
    <button type="button" className="link-button" aria-keyshortcuts={UPLOAD_KEY} onClick={openUpload}>
      upload
      {running > 0 && (
        <span className="badge">
          {' '}
          ({running}
          <span className="visually-hidden"> under way</span>)
        </span>
      )}
    </button>
  );
}
