import { embedCode, listenPath, type TrackView } from '@stardeck/contracts/browser';
import { useId, useState } from 'react';
import './share-track.css';
import { showToast } from '../../../lib/toasts/store';

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ kind: 'success', title: `${what} copied` });
  } catch {
    // The clipboard can be refused (an insecure origin, a denied permission): the text is shown
    // in the panel, selected, for the member to copy themselves.
    showToast({ kind: 'error', title: `Could not copy the ${what.toLowerCase()}`, description: 'Select it in the share panel and copy it.' });
  }
}

/**
 * The track page's share button: the link a visitor can open (/listen/…) and the embed code for
 * other sites, each with a copy button and shown as text to select. A private track has no
 * link to share, and one not ready yet has nothing to play.
 */
export function ShareTrack({ track }: { track: TrackView }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (track.visibility === 'private' || track.status !== 'ready') return null;
  const link = `${window.location.origin}${listenPath(track.username, track.id)}`;
  const code = embedCode(window.location.origin, track.id);
  return (
    <>
      <button type="button" className="btn btn--small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        share<span className="visually-hidden"> {track.title}</span>
      </button>
      {open && (
        <div id={panelId} className="share-panel" role="group" aria-label={`share ${track.title}`}>
          <label className="share-panel__row">
            <span className="share-panel__label">link</span>
            <input className="share-panel__text" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="btn btn--small" onClick={() => void copy(link, 'Link')}>
            copy link
          </button>
          <label className="share-panel__row">
            <span className="share-panel__label">embed</span>
            <input className="share-panel__text" readOnly value={code} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="btn btn--small" onClick={() => void copy(code, 'Embed code')}>
            copy embed code
          </button>
        </div>
      )}
    </>
  );
}
