import type { InputHTMLAttributes, ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { CheckboxField, TextField } from '../../../components/ui/field';
import type { Field, LoginMode } from '../form-rules';
import { auth, editField, switchMode } from '../store';

type TextFieldName = Exclude<Field, 'remember_me' | 'terms'>;

interface AuthTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  field: TextFieldName;
  label: string;
  hint?: ReactNode;
  multiline?: boolean;
}

/** A text field bound to the auth store: typing edits the value, the check follows 300 ms later. */
export function AuthTextField({ field, label, ...rest }: AuthTextFieldProps) {
  const { values, errors } = useSnapshot(auth);
  return <TextField name={field} label={label} value={values[field]} error={errors[field]} onValue={(value) => editField(field, value)} {...rest} />;
}

export function AuthCheckbox({ field, label }: { field: 'remember_me' | 'terms'; label: ReactNode }) {
  const { values, errors } = useSnapshot(auth);
  return <CheckboxField name={field} label={label} checked={values[field]} error={errors[field]} onChecked={(checked) => editField(field, checked)} />;
}

/** The answer to the last call, as a terminal output line; announced when it appears. */
export function Outcome() {
  const { outcome } = useSnapshot(auth);
  return (
    <p className={`output ${outcome ? `output--${outcome.tone}` : ''}`} role="status">
      {outcome && (
        <>
          <span className="tag">{outcome.tone === 'ok' ? '[OK]' : '[ERR]'}</span> {outcome.text}
        </>
      )}
    </p>
  );
}

/** A move to another mode of the modal, written as the command it runs. */
export function ModeLink({ mode, children }: { mode: LoginMode; children: ReactNode }) {
  return (
    <button type="button" className="link-button" onClick={() => switchMode(mode)}>
      {children}
    </button>
  );
}

export function SubmitButton({ busy, busyLabel, disabled, children }: { busy: boolean; busyLabel: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary" disabled={busy || disabled} aria-busy={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
