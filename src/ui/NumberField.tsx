import { useId, useState } from 'react';
import { Box, Inline } from './Box';
import * as s from './styles.css';

/** Props of {@link NumberField}. */
export interface NumberFieldProps {
  label: string;
  value: number | undefined;
  /** Called with each valid number as the operator types (one call per keystroke). */
  onCommit: (n: number) => void;
  /** Error from the schema for the committed value (seeds' wording). */
  error?: string;
  /** Message shown while the typed text is not a number. */
  invalidMessage?: string;
  min?: number;
  step?: number;
  disabled?: boolean;
  /** Unit shown after the field, e.g. 'USD' or '%'. */
  suffix?: string;
}

/**
 * A numeric input that keeps the operator's text while it is not (yet) a number — '' or '1.'
 * — and commits only valid values, so the document never holds a half-typed number.
 * Follows the committed value when it changes from outside (undo, redo, remote load).
 */
export function NumberField({ label, value, onCommit, error, invalidMessage = 'Please enter a number', min, step = 0.01, disabled, suffix }: NumberFieldProps) {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [bad, setBad] = useState(false);
  // Only an outside change of `value` resyncs the text (adjusted while rendering, not in an effect).
  const [synced, setSynced] = useState(value);
  if (synced !== value) {
    setSynced(value);
    if (Number(text) !== value || text.trim() === '') {
      setText(value === undefined ? '' : String(value));
      setBad(false);
    }
  }
  const shown = bad ? invalidMessage : error;
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      <Inline wrap={false}>
        <input
          id={id}
          className={s.input}
          inputMode="decimal"
          value={text}
          disabled={disabled}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          onChange={(e) => {
            const t = e.target.value;
            setText(t);
            const n = Number(t);
            const ok = t.trim() !== '' && Number.isFinite(n) && (min === undefined || n >= min);
            setBad(!ok);
            if (ok && n !== value) onCommit(n);
          }}
          step={step}
        />
        {suffix && (
          <Box as="span" aria-hidden="true" fontSize="small">
            {suffix}
          </Box>
        )}
      </Inline>
      {shown && (
        <span id={`${id}-error`} role="alert" className={s.errorText}>
          {shown}
        </span>
      )}
    </div>
  );
}
