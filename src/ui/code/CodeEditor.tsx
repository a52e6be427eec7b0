/**
 * The code editor of the template library and the template editor (001 §2 "Template editor":
 * CSS and Javascript custom editors, Meta raw JSON; src/ui/README.md: CodeMirror 6). CodeMirror 6
 * with line numbers, syntax highlighting, its own undo history, and a
 * lint gutter fed by the same checks the server runs (`codeProblems`, src/model/code-check.ts:
 * css-tree, acorn, jsonc-parser), so what the gutter marks is what a save refuses.
 *
 * Heavy (CodeMirror with three languages and the parsers, over 150 kB gzipped): load it through
 * {@link LazyCodeEditor} (./LazyCodeEditor.tsx), never from the ui barrel directly.
 *
 * Controlled: `value` is the text; typing calls `onChange`; a new `value` from outside (the
 * command log's undo, a reload) replaces only the part that differs, so the caret stays where
 * it was when it can, and it is not echoed back through `onChange`. The caller decides when a
 * change counts (on blur, on an Apply button): the editor itself creates no command.
 */
import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Annotation, Compartment, EditorState, Transaction, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { codeProblems, type CodeLanguage, type CodeProblem } from '../../model/code-check';
import { MSG } from '../../model/messages';
import { FieldNotes } from '../FormFields';
import * as s from '../styles.css';
import { vars } from '../theme.css';
import * as c from './code.css';

/** What a parent can ask the editor at any time (e.g. before an Apply button makes a command). */
export interface CodeEditorHandle {
  /** The text as it is now. */
  value(): string;
  /** The problems of the text as it is now, checked synchronously (not waiting for the gutter's delay). */
  problems(): CodeProblem[];
  /** Moves the keyboard focus into the editor. */
  focus(): void;
}

/** Props of {@link CodeEditor}. */
export interface CodeEditorProps {
  /** The visible label, also the editor's accessible name (aria-label of the editable content). */
  label: string;
  /** Highlighting and checks: 'css', 'javascript', or 'json' (checked as template/page meta: an object with a key). */
  language: CodeLanguage;
  /** The text (controlled). */
  value: string;
  /** Called with the whole text after each change the operator makes (never for a new `value`). */
  onChange?: (value: string) => void;
  /** Called with the whole text when the editor loses focus (a natural moment to commit). */
  onBlur?: (value: string) => void;
  /** Called with the problems each time the lint gutter is refreshed (after a short pause in typing). */
  onProblems?: (problems: CodeProblem[]) => void;
  /** Readable, selectable and focusable, but not editable. */
  readOnly?: boolean;
  /** A refusal to show under the editor (e.g. 'Not valid css code'); marks the editor invalid. */
  error?: string | null;
  help?: ReactNode;
  /** CSS height of the editor, e.g. '12rem' (the default) or '100%'. */
  height?: string;
  /** Ids of more elements that describe the editor. */
  describedBy?: string;
  id?: string;
  ref?: Ref<CodeEditorHandle>;
}

/** Marks a transaction that carries a new `value` from the parent (not to be echoed). */
const External = Annotation.define<boolean>();

/** How long the gutter waits after typing before it checks again (ms). */
const LINT_DELAY = 400;

// The default highlight style has three colours under WCAG AA (4.5:1) on our surfaces; the
// rest of it is kept.
const DARKER: Record<string, string> = { '#e40': '#a83200', '#085': '#006b3c', '#f00': '#b00000' };
const highlight = HighlightStyle.define(
  defaultHighlightStyle.specs.map((spec) => {
    const color = typeof spec.color === 'string' ? DARKER[spec.color] : undefined;
    return color ? { ...spec, color } : spec;
  }),
);

const theme = EditorView.theme({
  '&': { height: '100%', color: vars.color.text, backgroundColor: vars.color.surface, fontSize: vars.size.small },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: vars.font.mono, overflow: 'auto', lineHeight: '1.5' },
  '.cm-content': { caretColor: vars.color.text },
  '.cm-gutters': { backgroundColor: vars.color.surfaceAlt, color: vars.color.muted, borderRight: `1px solid ${vars.color.border}` },
  '.cm-activeLineGutter': { backgroundColor: vars.color.infoBg, color: vars.color.text },
  '.cm-activeLine': { backgroundColor: 'rgba(36, 70, 199, 0.05)' },
  '.cm-tooltip': { fontFamily: vars.font.body, fontSize: vars.size.small },
});

/**
 * The language support of `language`, each in its own chunk: the meta editor needs only JSON's
 * (a few kB), the template editor's script editor JavaScript's (the largest).
 */
function languageSupport(language: CodeLanguage): Promise<Extension> {
  if (language === 'css') return import('@codemirror/lang-css').then((m) => m.css());
  if (language === 'javascript') return import('@codemirror/lang-javascript').then((m) => m.javascript());
  return import('@codemirror/lang-json').then((m) => m.json());
}

/** The smallest change that turns `from` into `to` (common prefix and suffix kept): the caret outside it stays put. */
function minimalChange(from: string, to: string): { from: number; to: number; insert: string } {
  let start = 0;
  const max = Math.min(from.length, to.length);
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let endA = from.length;
  let endB = to.length;
  while (endA > start && endB > start && from.charCodeAt(endA - 1) === to.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  return { from: start, to: endA, insert: to.slice(start, endB) };
}

/** The first problem in words, for the line under the editor (the gutter shows where). */
function describeProblems(language: CodeLanguage, problems: readonly CodeProblem[]): string {
  const [p] = problems;
  if (!p) return '';
  // The JSON check's own message already names the line and column.
  const first = language === 'json' ? p.message : `Line ${p.line}, column ${p.column}: ${p.message}`;
  return problems.length > 1 ? `${first} (and ${problems.length - 1} more)` : first;
}

/** See the module comment and {@link CodeEditorProps}. */
export function CodeEditor({
  label,
  language,
  value,
  onChange,
  onBlur,
  onProblems,
  readOnly = false,
  error,
  help,
  height = '12rem',
  describedBy,
  id,
  ref,
}: CodeEditorProps) {
  const auto = useId();
  const fid = id ?? auto;
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [compartments] = useState(() => ({ lang: new Compartment(), readOnly: new Compartment(), attrs: new Compartment() }));
  const [problems, setProblems] = useState<CodeProblem[]>([]);
  const [touched, setTouched] = useState(false);
  // Read by the lint source, which CodeMirror calls outside React's render.
  const touchedRef = useRef(false);
  // The latest callbacks, read by CodeMirror's listeners (created once with the view).
  const callbacks = useRef({ onChange, onBlur, onProblems });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onBlur, onProblems };
  });
  const first = useRef({ value });

  useEffect(() => {
    if (!host.current) return;
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: first.current.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(highlight),
          lintGutter(),
          theme,
          EditorView.lineWrapping,
          // Tab indents; Escape then Tab leaves the editor (CodeMirror's tab-focus mode), so a
          // keyboard user is never trapped (CodeMirror's "Tab handling" example).
          keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap, indentWithTab]),
          compartments.lang.of([]),
          compartments.readOnly.of([]),
          compartments.attrs.of([]),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged || u.transactions.some((t) => t.annotation(External))) return;
            touchedRef.current = true;
            setTouched(true);
            callbacks.current.onChange?.(u.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            blur: (_e, v) => {
              callbacks.current.onBlur?.(v.state.doc.toString());
              return false;
            },
          }),
        ],
      }),
    });
    viewRef.current = view;
    // A Tab the editor took (it indented) goes no further: a dialog's focus containment
    // (react-aria's FocusScope listens on the document and ignores defaultPrevented) would
    // move the focus out as well. After Escape the editor leaves Tab alone, and it propagates.
    const frame = host.current;
    const keepTab = (e: KeyboardEvent) => {
      if (e.key === 'Tab' && e.defaultPrevented) e.stopPropagation();
    };
    frame.addEventListener('keydown', keepTab);
    return () => {
      frame.removeEventListener('keydown', keepTab);
      view.destroy();
      viewRef.current = null;
    };
  }, [compartments]);

  useEffect(() => {
    const source = (view: EditorView): Diagnostic[] => {
      let found = codeProblems(language, view.state.doc.toString());
      // An empty meta is no mistake before the operator has typed (a blank Add form, a page
      // whose meta is `{}`): no gutter mark until then; Save or Apply still refuses it.
      if (!touchedRef.current && found.length === 1 && found[0]?.message === MSG.metaEmpty) found = [];
      setProblems(found);
      callbacks.current.onProblems?.(found);
      return found.map((p) => ({ from: p.from, to: p.to, severity: 'error', message: p.message }));
    };
    // Checks at once; highlighting as soon as the language's chunk is there.
    const lint = linter(source, { delay: LINT_DELAY });
    viewRef.current?.dispatch({ effects: compartments.lang.reconfigure(lint) });
    let live = true;
    languageSupport(language).then(
      (support) => {
        if (live) viewRef.current?.dispatch({ effects: compartments.lang.reconfigure([support, lint]) });
      },
      () => {
        /* no highlighting; the checks still run */
      },
    );
    return () => {
      live = false;
    };
  }, [language, compartments]);

  const invalid = Boolean(error);
  const showProblems = !error && problems.length > 0 && (touched || value.trim() !== '');
  const ids = [describedBy, help ? `${fid}-help` : '', error ? `${fid}-error` : '', showProblems ? `${fid}-problems` : ''].filter(Boolean).join(' ');
  useEffect(() => {
    viewRef.current?.dispatch({
      effects: [
        compartments.readOnly.reconfigure(EditorState.readOnly.of(readOnly)),
        compartments.attrs.reconfigure(
          EditorView.contentAttributes.of({
            'aria-label': label,
            // Focusable by the keyboard in every state, and counted as the focusable content of
            // its scroller by accessibility checks (axe scrollable-region-focusable: a long text
            // scrolls, and axe does not count contenteditable as focusable).
            tabindex: '0',
            ...(ids ? { 'aria-describedby': ids } : {}),
            ...(invalid ? { 'aria-invalid': 'true' } : {}),
            ...(readOnly ? { 'aria-readonly': 'true' } : {}),
          }),
        ),
      ],
    });
  }, [label, ids, invalid, readOnly, compartments]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current === value) return;
    // Not part of the field's own undo history: the change came from outside (e.g. the command log).
    view.dispatch({ changes: minimalChange(current, value), annotations: [External.of(true), Transaction.addToHistory.of(false)] });
  }, [value]);

  useImperativeHandle(
    ref,
    () => ({
      value: () => viewRef.current?.state.doc.toString() ?? first.current.value,
      problems: () => codeProblems(language, viewRef.current?.state.doc.toString() ?? first.current.value),
      focus: () => viewRef.current?.focus(),
    }),
    [language],
  );

  return (
    <div className={s.field}>
      <span className={s.label} id={`${fid}-label`}>
        {label}
      </span>
      <div ref={host} className={c.frame} style={{ height }} data-invalid={invalid} data-readonly={readOnly} data-language={language} />
      <FieldNotes id={fid} help={help} error={error} />
      {/* Always present, so a screen reader announces the problem when it appears. */}
      <span id={`${fid}-problems`} role="status" className={c.problems}>
        {showProblems ? describeProblems(language, problems) : ''}
      </span>
    </div>
  );
}
