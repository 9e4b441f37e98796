import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  multiline?: boolean;
}

/**
 * A labelled input in the terminal style (`> label:`), with its error announced and tied to the
 * field (aria-invalid, aria-describedby).
 */
export function TextField({ label, value, onValue, error, hint, multiline, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: 'field__input',
  } as const;
  return (
    <div className={`field ${className ?? ''}`}>
      <p className="field__label">
        <span aria-hidden="true">&gt; </span>
        <label htmlFor={id}>{label}</label>
      </p>
      {multiline ? (
        <textarea {...common} rows={4} name={input.name} maxLength={input.maxLength} placeholder={input.placeholder} onChange={(e) => onValue(e.target.value)} />
      ) : (
        <input {...input} {...common} onChange={(e) => onValue(e.target.value)} />
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          ! {error}
        </p>
      )}
    </div>
  );
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  onValue: (value: T) => void;
}

/** A labelled choice among fixed values (a visibility, a status), in the same terminal style. */
export function SelectField<T extends string>({ label, value, options, onValue }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="field">
      <p className="field__label">
        <span aria-hidden="true">&gt; </span>
        <label htmlFor={id}>{label}</label>
      </p>
      {/* The options are exactly `options`, so the chosen value is one of them. */}
      <select id={id} className="field__input" value={value} onChange={(e) => onValue(e.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string;
  /** A line under the box, read with it (who sees what the setting shares, say). */
  hint?: ReactNode;
  name?: string;
}

export function CheckboxField({ label, checked, onChecked, error, hint, name }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChecked(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          ! {error}
        </p>
      )}
    </div>
  );
}
