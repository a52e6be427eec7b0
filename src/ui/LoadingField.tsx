/**
 * A code-split field's stand-in while its editor downloads (LazyCodeEditor, LazyRichTextField):
 * the field's label, the busy placeholder the caller sizes like its editor (`children`), its help
 * and its error, so the form keeps its layout and its message when the editor arrives.
 */
import type { ReactNode } from 'react';
import * as s from './styles.css';

/** See the module comment. `labelClassName`: the loaded editor's label class, so the label does not move. */
export function LoadingField({
  label,
  labelClassName,
  help,
  error,
  children,
}: {
  label: string;
  labelClassName?: string;
  help?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={s.field}>
      <span className={labelClassName}>{label}</span>
      {children}
      {help && <span className={s.helpText}>{help}</span>}
      {error && (
        <span role="alert" className={s.errorText}>
          {error}
        </span>
      )}
    </div>
  );
}
