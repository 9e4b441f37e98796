import type { ProfileLink } from '@stardeck/contracts/browser';
import { useId, useState } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { toastFailure, toastSuccess } from '../../../lib/toasts/from-result';
import { replaceLinks } from '../api/profile';
import { failureText } from '../failure-text';
import {
  addRow, canAddRow, canSaveLinks, linkRowError, linksToSave, removeRow, rowsFromLinks, setPrimary, updateRow, type LinkRow,
} from '../link-rules';

/** The manageLinks modal, with every rule of spec §5 (see link-rules.ts). */
export function Component({ onClose }: { onClose: () => void }) {
  const layout = useRouteLoaderData('user') as { profile?: { links: ProfileLink[] } } | undefined;
  const [rows, setRows] = useState<LinkRow[]>(() => rowsFromLinks(layout?.profile?.links ?? []));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const valid = canSaveLinks(rows);

  const save = async () => {
    if (!canSaveLinks(rows)) return;
    setBusy(true);
    setError(null);
    const result = await replaceLinks(linksToSave(rows));
    setBusy(false);
    if (!result.ok) {
      setError(failureText(result.failure, 'Failed to update links'));
      toastFailure(result.failure, { title: 'Links', description: 'Failed to update links' });
      return;
    }
    toastSuccess(result);
    void revalidator.revalidate();
    onClose();
  };

  return (
    <ModalFrame title="edit links" onClose={onClose} wide>
      <form onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
        <ol className="link-rows">
          {rows.map((row, index) => (
            <LinkRowFields
              key={index}
              row={row}
              index={index}
              onChange={(change) => setRows((current) => updateRow(current, index, change))}
              onPrimary={() => setRows((current) => setPrimary(current, index))}
              onRemove={() => setRows((current) => removeRow(current, index))}
            />
          ))}
        </ol>
        <div className="actions">
          <button type="button" className="btn btn--small" onClick={() => setRows(addRow)} disabled={!canAddRow(rows)}>
            + add link
          </button>
          {!canAddRow(rows) && <span className="output--muted">at most {rows.length} links.</span>}
        </div>
        {error && <p className="output output--err" role="alert">{error}</p>}
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={!valid || busy}>{busy ? 'saving...' : 'save links'}</button>
          <button type="button" className="btn" onClick={onClose}>cancel</button>
        </div>
      </form>
    </ModalFrame>
  );
}

interface RowProps {
  row: LinkRow;
  index: number;
  onChange: (change: Partial<Pick<LinkRow, 'title' | 'url'>>) => void;
  onPrimary: () => void;
  onRemove: () => void;
}

function LinkRowFields({ row, index, onChange, onPrimary, onRemove }: RowProps) {
  const id = useId();
  const error = linkRowError(row);
  const n = index + 1;
  return (
    <li className="link-row">
      <label htmlFor={`${id}-title`}>link {n} title</label>
      <input id={`${id}-title`} className="field__input" value={row.title} maxLength={100} onChange={(e) => onChange({ title: e.target.value })} />
      <label htmlFor={`${id}-url`}>link {n} url</label>
      <input
        id={`${id}-url`}
        className="field__input"
        value={row.url}
        inputMode="url"
        placeholder="example.com"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange({ url: e.target.value })}
      />
      {error && <p id={`${id}-error`} className="field__error" role="alert">! {error}</p>}
      <span className="actions">
        <label>
          <input type="radio" name="primary-link" checked={row.is_primary} onChange={onPrimary} /> link {n} is primary
        </label>
        <button type="button" className="btn btn--small btn--danger" onClick={onRemove}>
          remove<span className="visually-hidden"> link {n}</span>
        </button>
      </span>
    </li>
  );
}
