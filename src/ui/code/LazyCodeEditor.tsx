/**
 * The code editor, code-split: CodeMirror with its three languages and the code checks
 * (css-tree, acorn, jsonc-parser) weigh well over 150 kB gzipped, and only the screens that
 * show code need them (src/ui/README.md: heavy libraries load only where they are used; the bundle
 * budget, tests/scripts/bundle-budget.ts, holds every other route free of CodeMirror). What
 * opens an editor may start the download early ({@link preloadCodeEditor}, e.g. on pointer
 * over the button that opens a form); once loaded, every editor renders at once. Until then a
 * field shows its label, a busy placeholder of the editor's size, its help and its error.
 */
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

/** The code editor (./CodeEditor), code-split. Same props (a `ref` reaches the editor once it has loaded). */
export function LazyCodeEditor(props: CodeEditorProps) {
  // A failed download leaves the placeholder; the next editor shown tries again.
  const Loaded = editor.useModule(true, 'wait')?.CodeEditor;
  if (Loaded) return <Loaded {...props} />;
  return (
    <div className={s.field}>
      <span className={s.label}>{props.label}</span>
      <div className={c.frame} style={{ height: props.height ?? '12rem' }}>
        <div className={c.placeholder} aria-busy="true" role="status">
          Loading the code editor…
        </div>
      </div>
      {props.help && <span className={s.helpText}>{props.help}</span>}
      {props.error && (
        <span role="alert" className={s.errorText}>
          {props.error}
        </span>
      )}
    </div>
  );
}
