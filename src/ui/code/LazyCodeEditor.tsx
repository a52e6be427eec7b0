/**
 * The code editor, code-split: CodeMirror with its three languages and the code checks
 * (css-tree, acorn, jsonc-parser) weigh well over 150 kB gzipped, and only the screens that
 * show code need them (src/ui/README.md: heavy libraries load only where they are used; the bundle
 * budget, tests/scripts/bundle-budget.ts, holds every other route free of CodeMirror). What
 * opens an editor may start the download early ({@link preloadCodeEditor}, e.g. on pointer
 * over the button that opens a form); once loaded, every editor renders at once. Until then a
 * field shows its label, a busy placeholder of the editor's size, its help and its error.
 */
import { useEffect, useState } from 'react';
import * as s from '../styles.css';
import type { CodeEditor as Editor, CodeEditorProps } from './CodeEditor';
import * as c from './code.css';

let Loaded: typeof Editor | null = null;
let loading: Promise<void> | null = null;

/**
 * Starts loading the editor (once) and resolves when it is ready.
 * @throws (rejects) when the chunk cannot be fetched; the next call tries again.
 */
export function preloadCodeEditor(): Promise<void> {
  loading ??= import('./CodeEditor').then(
    (m) => {
      Loaded = m.CodeEditor;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** {@link Editor}, code-split. Same props (a `ref` reaches the editor once it has loaded). */
export function LazyCodeEditor(props: CodeEditorProps) {
  const [, setReady] = useState(Loaded !== null);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    // A failed download leaves the placeholder; the next editor shown tries again.
    preloadCodeEditor().then(
      () => {
        if (live) setReady(true);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
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
