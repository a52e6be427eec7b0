/**
 * Form fields: label, control, help text and the validation message (the seeds' wording
 * comes from the schema). Controlled or spread from react-hook-form's `register`.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Inline } from './Box';
import * as s from './styles.css';

interface FieldChrome {
  label: ReactNode;
  error?: string;
  help?: ReactNode;
}

/**
 * A field's help text and validation message under its control; with `id` they are
 * `{id}-help` and `{id}-error`, which the control's aria-describedby names. (The lazy editors'
 * placeholders write theirs: importing this module would put the form fields on /templates' first visit.)
 */
export function FieldNotes({ id, help, error }: { id?: string; help?: ReactNode; error?: string | null }) {
  return (
    <>
      {help && (
        <span id={id && `${id}-help`} className={s.helpText}>
          {help}
        </span>
      )}
      {error && (
        <span id={id && `${id}-error`} role="alert" className={s.errorText}>
          {error}
        </span>
      )}
    </>
  );
}

function Chrome({ id, label, error, help, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      {children}
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

/**
 * What a control's aria-describedby names: the `{id}-help` and `{id}-error` notes that
 * {@link FieldNotes} writes under it, those present (undefined when neither is).
 */
export function describedBy(id: string, f: { help?: ReactNode; error?: string | null }) {
  return [f.help ? `${id}-help` : '', f.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A labelled text input; `error` marks it invalid and is announced. */
export const TextField = forwardRef<HTMLInputElement, FieldChrome & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, help, id, className, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Chrome id={fid} label={label} error={error} help={help}>
      <input
        ref={ref}
        id={fid}
        className={[s.input, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, { error, help })}
        {...rest}
      />
    </Chrome>
  );
});

/** A labelled multi-line text input. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, help, id, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Chrome id={fid} label={label} error={error} help={help}>
      <textarea
        ref={ref}
        id={fid}
        className={s.input}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fid, { error, help })}
        {...rest}
      />
    </Chrome>
  );
});

/** Options of a {@link SelectField}: plain strings or value/label pairs. */
export type SelectOption = string | { value: string | number; label: string };

/** A labelled native select (accessible everywhere, testable with any driver). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[]; placeholder?: string }
>(function SelectField({ label, error, help, id, options, placeholder, ...rest }, ref) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Chrome id={fid} label={label} error={error} help={help}>
      <select ref={ref} id={fid} className={s.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fid, { error, help })} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => {
          const v = typeof o === 'string' ? o : o.value;
          return (
            <option key={String(v)} value={v}>
              {typeof o === 'string' ? o : o.label}
            </option>
          );
        })}
      </select>
    </Chrome>
  );
});

/** A checkbox with its label on the right. */
export const CheckboxField = forwardRef<HTMLInputElement, { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>>(function CheckboxField(
  { label, id, ...rest },
  ref,
) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Inline marginBottom="sm">
      <input ref={ref} id={fid} type="checkbox" {...rest} />
      <label htmlFor={fid}>{label}</label>
    </Inline>
  );
});
