/**
 * The code editor, code-split: CodeMirror with its three languages and the code checks
 * (css-tree, acorn, jsonc-parser) weigh well over 150 kB gzipped, and only the screens that
 * show code need them (src/ui/README.md: heavy libraries load only where they are used; the bundle
 * budget, tests/scripts/bundle-budget.ts, holds every other route free of CodeMirror). What
 * opens an editor may start the download early ({@link preloadCodeEditor}, e.g. on pointer
 * over the button that opens a form); once loaded, every editor renders at once. Until then a
 * field shows its label, a busy placeholder of the editor's size, its help and its error.
 */
import type { ReactNode } from 'react';
import { lazyModule } from '../lazy-module';
import * as s from '../styles.css';
import type { CodeEditorProps } from './CodeEditor';
import * as c from './code.css';

const editor = lazyModule(() => import('./CodeEditor'));

/**
 * Starts loading the editor (once) and resolves when it is ready.
 * @throws (rejects) when the chunk cannot be fetched; the next call tries again.
 */
export const preloadCodeEditor = (): Promise<void> => editor.load().then(() => undefined);

/**
 * What a code-split field shows while its editor downloads (this code editor, the rich-text
 * field): its label, a busy placeholder of the editor's size (`children`), its help and its
 * error, so the form keeps its layout and says what is wrong before the editor arrives. It
 * stands here, not in a module of its own: one more chunk cost every route bytes.
 */
export interface FieldPlaceholderProps {
  label: ReactNode;
  /** The label's class, as the loaded field styles it. */
  labelClassName?: string;
  help?: ReactNode;
  error?: string | null;
  /** The busy placeholder in the editor's place. */
  children: ReactNode;
}

/** See {@link FieldPlaceholderProps}: the placeholder field of {@link LazyCodeEditor} and the lazy rich-text field. */
export function FieldPlaceholder({ label, labelClassName, help, error, children }: FieldPlaceholderProps) {
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

/** The code editor (./CodeEditor), code-split. Same props (a `ref` reaches the editor once it has loaded). */
export function LazyCodeEditor(props: CodeEditorProps) {
  // A failed download leaves the placeholder; the next editor shown tries again.
  const Loaded = editor.useModule(true, 'wait')?.CodeEditor;
  if (Loaded) return <Loaded {...props} />;
  return (
    <FieldPlaceholder label={props.label} labelClassName={s.label} help={props.help} error={props.error}>
      <div className={c.frame} style={{ height: props.height ?? '12rem' }}>
        <div className={c.placeholder} aria-busy="true" role="status">
          Loading the code editor…
        </div>
      </div>
    </FieldPlaceholder>
  );
}
