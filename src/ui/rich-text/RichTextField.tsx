/**
 * A rich-text field on lexical for formatted texts (review bodies, list texts, FAQ answers; stored
 * as the HTML the templates render,
 * sanitized with DOMPurify). Bold, italic, underline and links from a labelled toolbar or
 * the usual shortcuts (Ctrl/Cmd+B, I, U).
 */
import { memo, useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $isLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import {
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  COMMAND_PRIORITY_EDITOR,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  SKIP_DOM_SELECTION_TAG,
  UNDO_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { MSG, RICH_LINK_RE } from '../../model';
import { Box } from '../Box';
import { describedBy, FieldNotes } from '../FormFields';
import * as s from '../styles.css';
import * as c from './rich-text.css';
import { sanitizeRichText } from './sanitize';

/** Props of {@link RichTextField}. */
export interface RichTextFieldProps {
  label: string;
  /** The stored HTML (sanitized); '' for none. Plain text is read as one paragraph. */
  value: string;
  /**
   * Called with the sanitized HTML ('' when blank) after each change the operator makes
   * (one call per keystroke; pass a `mergeKey` to coalesce). Not called for changes of `value`.
   */
  onChange: (html: string) => void;
  /** Read-only: toolbar disabled, text not editable. */
  disabled?: boolean;
  /** The model's message for the stored value (seeds' wording). */
  error?: string;
  help?: ReactNode;
  /**
   * Ctrl/Cmd+Z inside the field: the editor's command log, not a history of the field's own
   * (lexical would otherwise swallow the keys). Omitted: the keys do nothing here.
   */
  onUndo?: () => void;
  /** Ctrl+Shift+Z / Ctrl+Y inside the field (see `onUndo`). */
  onRedo?: () => void;
}

/** Update tag of content replaced from `value` (undo, redo, a reload): not reported back. */
const EXTERNAL_TAG = 'external-value';
const FORMATS: { format: 'bold' | 'italic' | 'underline'; label: string; keys: string }[] = [
  { format: 'bold', label: 'Bold', keys: 'Ctrl+B' },
  { format: 'italic', label: 'Italic', keys: 'Ctrl+I' },
  { format: 'underline', label: 'Underline', keys: 'Ctrl+U' },
];
const THEME = { text: { underline: c.underline }, link: '' };
/** Stable on purpose: a new validator re-registers the link plugin, which re-renders the editor (and takes focus). */
const validLink = (url: string) => RICH_LINK_RE.test(url);

/** Replaces the editor's content with `html` (inside an update). */
function $setHtml(editor: LexicalEditor, html: string, keepCaret: boolean): void {
  const root = $getRoot();
  root.clear();
  const clean = sanitizeRichText(html);
  if (clean) {
    const dom = new DOMParser().parseFromString(clean, 'text/html');
    // Lexical writes spaces as typed (white-space: pre-wrap, which the sanitizer drops); reading
    // them back the same way keeps a trailing or double space through undo and redo.
    for (const el of dom.body.querySelectorAll<HTMLElement>('*')) el.style.whiteSpace = 'pre-wrap';
    root.select();
    $insertNodes($generateNodesFromDOM(editor, dom));
  }
  if (keepCaret) root.selectEnd();
  else $setSelection(null);
}

/**
 * A labelled rich-text editor whose value is sanitized HTML. Ctrl/Cmd+Z and Ctrl+Shift+Z /
 * Ctrl+Y inside it call `onUndo` / `onRedo` (the command log; not a separate history);
 * when `value` changes from outside (undo, redo) the editor shows the new content.
 */
export const RichTextField = memo(function RichTextField({ label, value, onChange, disabled = false, error, help, onUndo, onRedo }: RichTextFieldProps) {
  const id = useId();
  const initialConfig: InitialConfigType = {
    namespace: 'rich-text-field',
    nodes: [LinkNode],
    theme: THEME,
    editable: !disabled,
    onError: (e) => {
      throw e;
    },
    editorState: (editor) => $setHtml(editor, value, false),
  };
  const described = describedBy(id, { help, error });
  return (
    <div className={s.field}>
      <span id={`${id}-label`} className={s.label}>
        {label}
      </span>
      <LexicalComposer initialConfig={initialConfig}>
        <div className={error ? `${c.rich} ${c.richInvalid}` : c.rich}>
          <Toolbar label={label} disabled={disabled} />
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className={c.editable}
                aria-labelledby={`${id}-label`}
                aria-describedby={described}
                aria-invalid={error ? true : undefined}
                aria-multiline
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
          <LinkPlugin validateUrl={validLink} />
          <ValueSync value={value} onChange={onChange} disabled={disabled} onUndo={onUndo} onRedo={onRedo} />
        </div>
      </LexicalComposer>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
});

/**
 * Keeps the editor and `value` in step: operator edits go out through `onChange` as
 * sanitized HTML (only when it differs from the last value seen), outside changes of
 * `value` replace the content; undo/redo keys go to the command log; `disabled` toggles editing.
 */
function ValueSync({
  value,
  onChange,
  disabled,
  onUndo,
  onRedo,
}: {
  value: string;
  onChange: (html: string) => void;
  disabled: boolean;
  onUndo?: () => void;
  onRedo?: () => void;
}) {
  const [editor] = useLexicalComposerContext();
  const undo = useEffectEvent(() => onUndo?.());
  const redo = useEffectEvent(() => onRedo?.());
  const last = useRef(value);
  /** Reports an operator edit to the latest `onChange`. */
  const report = useEffectEvent((html: string) => onChange(html));

  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);

  useEffect(() => {
    if (value === last.current) return;
    last.current = value;
    const root = editor.getRootElement();
    const focused = !!root && root.contains(document.activeElement);
    editor.update(() => $setHtml(editor, value, focused), { tag: focused ? EXTERNAL_TAG : [EXTERNAL_TAG, SKIP_DOM_SELECTION_TAG] });
  }, [editor, value]);

  useEffect(() => {
    const offUpdate = editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves, tags }) => {
      if (tags.has(EXTERNAL_TAG) || tags.has('history-merge') || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
      if (!editor.isEditable()) return;
      const html = sanitizeRichText(editorState.read(() => $generateHtmlFromNodes(editor, null)));
      if (html === last.current) return;
      last.current = html;
      report(html);
    });
    const offUndo = editor.registerCommand(
      UNDO_COMMAND,
      () => {
        undo();
        return true;
      },
      COMMAND_PRIORITY_EDITOR,
    );
    const offRedo = editor.registerCommand(
      REDO_COMMAND,
      () => {
        redo();
        return true;
      },
      COMMAND_PRIORITY_EDITOR,
    );
    return () => {
      offUpdate();
      offUndo();
      offRedo();
    };
  }, [editor]);
  return null;
}

/** Formatting buttons (toggle state shown with aria-pressed) and the link form. */
function Toolbar({ label, disabled }: { label: string; disabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const id = useId();
  const [active, setActive] = useState({ bold: false, italic: false, underline: false, link: null as string | null });
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string>();
  const linkButton = useRef<HTMLButtonElement>(null);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        editorState.read(() => {
          const sel = $getSelection();
          if (!$isRangeSelection(sel)) return;
          const node = sel.anchor.getNode();
          const link = $isLinkNode(node) ? node : $isLinkNode(node.getParent()) ? node.getParent() : null;
          const next = {
            bold: sel.hasFormat('bold'),
            italic: sel.hasFormat('italic'),
            underline: sel.hasFormat('underline'),
            link: $isLinkNode(link) ? link.getURL() : null,
          };
          setActive((cur) => (cur.bold === next.bold && cur.italic === next.italic && cur.underline === next.underline && cur.link === next.link ? cur : next));
        });
      }),
    [editor],
  );

  const keep = (e: { preventDefault: () => void }) => e.preventDefault(); // keep the text selection while clicking a tool
  const applyLink = () => {
    const u = url.trim();
    if (!RICH_LINK_RE.test(u)) {
      setUrlError(MSG.linkUrl);
      return;
    }
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, u);
    closeLinkForm();
  };
  /** The form goes away: focus returns to its button once Lexical has restored its selection (a task later). */
  const closeLinkForm = () => {
    setLinkOpen(false);
    setTimeout(() => linkButton.current?.focus(), 0);
  };
  return (
    <>
      <div role="group" aria-label={`${label} formatting`} className={c.toolbar}>
        {FORMATS.map((f) => (
          <button
            key={f.format}
            type="button"
            className={c.tool}
            disabled={disabled}
            aria-pressed={active[f.format]}
            title={`${f.label} (${f.keys})`}
            onMouseDown={keep}
            onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, f.format)}
          >
            {f.label}
          </button>
        ))}
        <button
          ref={linkButton}
          type="button"
          className={c.tool}
          disabled={disabled}
          aria-pressed={active.link !== null}
          aria-expanded={linkOpen}
          aria-controls={linkOpen ? `${id}-link` : undefined}
          onMouseDown={keep}
          onClick={() => {
            setUrl(active.link ?? 'https://');
            setUrlError(undefined);
            setLinkOpen(!linkOpen);
          }}
        >
          Link
        </button>
      </div>
      {linkOpen && !disabled && (
        <div id={`${id}-link`} className={c.linkForm}>
          <Box className={s.field} marginBottom="none" flex={1}>
            <label htmlFor={`${id}-url`} className={s.label}>
              Link address
            </label>
            <input
              id={`${id}-url`}
              className={s.input}
              value={url}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${id}-url-error` : undefined}
              onChange={(e) => {
                setUrl(e.target.value);
                setUrlError(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                }
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setLinkOpen(false);
                  linkButton.current?.focus();
                }
              }}
            />
            {urlError && (
              <span id={`${id}-url-error`} role="alert" className={s.errorText}>
                {urlError}
              </span>
            )}
          </Box>
          <button type="button" className={c.tool} onClick={applyLink}>
            Apply link
          </button>
          {active.link !== null && (
            <button
              type="button"
              className={c.tool}
              onClick={() => {
                editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
                closeLinkForm();
              }}
            >
              Remove link
            </button>
          )}
        </div>
      )}
    </>
  );
}
