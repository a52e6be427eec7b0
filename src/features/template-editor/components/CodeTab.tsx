/**
 * The drawer's CSS and Javascript tabs (001 §2 "Template editor": CSS and Javascript custom
 * editors; 001 §3 page meta `css`, `customJs`; 000 §5 "Invalid code gives 'Not valid
 * {language} code'"): CodeMirror 6 (src/ui LazyCodeEditor, code-split) over the page's code.
 *
 * The text is the operator's until Apply (or leaving the editor): then it is checked with the
 * server's own checks — `codeSizeMessage` (at most 100,000 characters) first, then
 * `invalidCodeMessage` — and refused code shows the seed's message under the editor and
 * records nothing; valid code records ONE command ('Edit CSS' / 'Edit Javascript') on
 * `page:<id>`. A change of the stored code from outside (undo, redo, another operator's save
 * rebased in) replaces the text. Empty code is valid: the page has no custom code.
 */
import { useState } from 'react';
import { useEditor, useEditorStore, type DocId } from '../../../editor';
import { codeSizeMessage, invalidCodeMessage } from '../../../model/code-check';
import { MSG, type Page } from '../../../model';
import { Button, LazyCodeEditor, Skeleton } from '../../../ui';
import * as d from './drawer.css';

/** The two code tabs: the meta key each edits, its label and its command's label. */
const CODE = {
  css: { key: 'css', label: 'CSS', command: 'Edit CSS', help: "Styles added to this page after the template's own." },
  javascript: { key: 'customJs', label: 'Javascript', command: 'Edit Javascript', help: 'A script added to the end of this page.' },
} as const;

/** Props of {@link CodeTab}. */
export interface CodeTabProps {
  /** The page whose `page:<id>` document is edited (loaded in the editor store). */
  pageId: number;
  /** 'css' edits `meta.css`, 'javascript' edits `meta.customJs`. */
  language: 'css' | 'javascript';
  /** A locked funnel: the editor is read-only and Apply records nothing. */
  locked: boolean;
}

/** See the module comment. */
export function CodeTab({ pageId, language, locked }: CodeTabProps) {
  const { key, label, command, help } = CODE[language];
  const doc: DocId = `page:${pageId}`;
  const editor = useEditor();
  const loaded = useEditorStore((st) => st.docs[doc] !== undefined);
  const raw = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.meta[key]);
  const stored = typeof raw === 'string' ? raw : '';
  const [text, setText] = useState(stored);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new stored value (undo, redo, a rebase, our own apply) replaces the text (adjusted while rendering).
  const [synced, setSynced] = useState(stored);
  if (synced !== stored) {
    setSynced(stored);
    setText(stored);
    setRefusal(null);
  }

  /** Checks `code` and records it as one command, or shows why not. */
  const apply = (code: string) => {
    if (locked) return;
    if (code === stored) {
      setRefusal(null);
      return;
    }
    const why = codeSizeMessage(key, code) ?? invalidCodeMessage(language, code);
    setRefusal(why);
    if (why) return;
    editor.edit(doc, command, (draft: Page) => {
      draft.meta[key] = code;
    });
  };

  if (!loaded) return <Skeleton label="Loading page…" variant="lines" />;
  return (
    <section aria-labelledby={`drawer-${language}-title`} className={d.section}>
      <h2 id={`drawer-${language}-title`}>{label}</h2>
      <LazyCodeEditor
        label={label}
        language={language}
        value={text}
        height="20rem"
        readOnly={locked}
        error={refusal}
        help={`${help} Apply (or leaving the editor) checks it first. Tab indents; Escape then Tab leaves the editor.`}
        onChange={(v) => {
          setText(v);
          setRefusal(null);
        }}
        onBlur={apply}
      />
      <div className={d.actions}>
        <Button
          variant="primary"
          isDisabled={locked || text === stored}
          disabledReason={locked ? MSG.locked : 'Nothing changed in the code yet'}
          onPress={() => apply(text)}
        >
          Apply
        </Button>
      </div>
    </section>
  );
}
