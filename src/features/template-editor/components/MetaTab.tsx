/**
 * The drawer's Meta tab (001 §2 "Template editor": Meta (raw JSON); 001 §5 "Meta JSON editor:
 * Meta can not be empty!"): the page's whole meta as JSON in CodeMirror (src/ui
 * LazyCodeEditor, JSON mode: its gutter marks the place of a syntax error as it is typed).
 *
 * The text is the operator's draft until Apply, which refuses (and records nothing):
 * - blank text or `{}`: 'Meta can not be empty!';
 * - invalid JSON: 'Not valid JSON at line L, column C: …' (src/model/code-check.ts parseMeta);
 * - JSON that is not an object;
 * - a key `__proto__`, `constructor` or `prototype` at any depth (the server refuses them in
 *   every write, src/server/README.md, "Write contract"; parseMeta reads the text with `JSON.parse`, which
 *   keeps `__proto__` as an own key instead of turning it into the prototype, and refuses it);
 * - code in a changed `css` / `customJs` that the server would refuse ('Not valid css code', …);
 * - a changed key whose value breaks the page meta's rules (src/model PageMetaSchema: the
 *   panels' types and messages), since the panels could not show it and the server refuses it.
 *
 * A valid Apply records ONE command on `page:<id>` that sets or deletes only the top-level
 * keys the draft changed, so the history, the audit diff and the save proof name those keys
 * rather than a whole-meta replace. The changes are those against the meta the draft was
 * begun from: when the page's meta changes meanwhile (another tab, undo, a rebase), the draft
 * is kept, a note says so, and Apply still touches only the keys the operator edited.
 * Without a draft the editor follows the stored meta.
 */
import { useMemo, useState } from 'react';
import { useEditor, useEditorStore, type DocId } from '../../../editor';
import { metaCodeProblem, parseMeta } from '../../../model/code-check';
import { jsonEqual, MSG, PageMetaSchema, type Page } from '../../../model';
import { Button, LazyCodeEditor, styles as s, Skeleton } from '../../../ui';
import * as d from './drawer.css';

type Meta = Record<string, unknown>;

/** What Apply makes of a draft: the refusal, or the changed keys and the draft's meta. */
export type MetaEdit = { problem: string } | { changed: string[]; next: Meta };

/** Longest key list a command's label names; more are counted ('Edit meta: a, b, c and 4 more'). */
const LABEL_KEYS = 3;

/**
 * Checks the Meta tab's JSON `text` (see the module comment for the refusals) and works out
 * which top-level keys it changes: those that differ between `base` (the meta the draft was
 * begun from) and the draft, and still differ from `current` (the page's meta now). Pure.
 */
export function checkMetaEdit(text: string, base: Meta, current: Meta): MetaEdit {
  // parseMeta refuses blank, invalid JSON, non-objects and `__proto__` / `constructor` / `prototype` keys.
  const parsed = parseMeta(text);
  if ('problem' in parsed) return { problem: parsed.problem.message };
  const next: Meta = parsed.meta;
  const keys = new Set([...Object.keys(base), ...Object.keys(next)]);
  const changed = [...keys].filter((k) => {
    const inNext = Object.hasOwn(next, k);
    if (inNext === Object.hasOwn(base, k) && (!inNext || jsonEqual(base[k], next[k]))) return false;
    // Already as the draft wants it (e.g. another tab made the same change).
    return inNext ? !(Object.hasOwn(current, k) && jsonEqual(current[k], next[k])) : Object.hasOwn(current, k);
  });
  const code = metaCodeProblem(next, changed);
  if (code) return { problem: code };
  const result: Meta = { ...current };
  for (const k of changed) {
    if (Object.hasOwn(next, k)) result[k] = next[k];
    else delete result[k];
  }
  const check = PageMetaSchema.safeParse(result);
  const issue = check.success ? undefined : check.error.issues.find((i) => changed.includes(String(i.path[0])));
  if (issue) return { problem: `${issue.path.join('.')}: ${issue.message}` };
  return { changed, next };
}

/** The command's label: 'Edit meta: headline, css' (first keys named, the rest counted). */
export function metaEditLabel(changed: readonly string[]): string {
  const named = changed.slice(0, LABEL_KEYS).join(', ');
  return changed.length > LABEL_KEYS ? `Edit meta: ${named} and ${changed.length - LABEL_KEYS} more` : `Edit meta: ${named}`;
}

/** Props of {@link MetaTab}. */
export interface MetaTabProps {
  /** The page whose `page:<id>` document is edited (loaded in the editor store). */
  pageId: number;
  /** A locked funnel: the editor is read-only and Apply records nothing. */
  locked: boolean;
}

/** The operator's text and the stored meta it was begun from. */
interface Draft {
  text: string;
  base: Meta;
}

/** See the module comment. */
export function MetaTab({ pageId, locked }: MetaTabProps) {
  const doc: DocId = `page:${pageId}`;
  const editor = useEditor();
  const meta: Meta | undefined = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.meta);
  const storedText = useMemo(() => (meta ? JSON.stringify(meta, null, 2) : ''), [meta]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!meta) return <Skeleton label="Loading page…" variant="lines" />;
  const text = draft?.text ?? storedText;
  const stale = draft !== null && draft.base !== meta;

  const onChange = (v: string) => {
    setRefusal(null);
    // Typing back to the stored text (of the same meta) is no draft at all.
    setDraft((prev) => (v === storedText && (prev === null || prev.base === meta) ? null : { text: v, base: prev?.base ?? meta }));
  };

  const apply = () => {
    if (locked || !draft) return;
    const r = checkMetaEdit(draft.text, draft.base, meta);
    if ('problem' in r) {
      setRefusal(r.problem);
      return;
    }
    const { changed, next } = r;
    if (changed.length) {
      editor.edit(doc, metaEditLabel(changed), (page: Page) => {
        const m = page.meta as Meta;
        for (const k of changed) {
          if (Object.hasOwn(next, k)) m[k] = next[k];
          else delete m[k];
        }
      });
    }
    setRefusal(null);
    setDraft(null);
  };

  const revert = () => {
    setRefusal(null);
    setDraft(null);
  };

  return (
    <section aria-labelledby="drawer-meta-title" className={d.section}>
      <h2 id="drawer-meta-title">Meta</h2>
      {stale && (
        <p role="status" className={`${s.badge} ${s.tone.warning}`}>
          The page&apos;s meta changed while you edited it here: Apply changes only the keys you edited; Revert shows the meta as it is now.
        </p>
      )}
      <LazyCodeEditor
        label="Meta"
        language="json"
        value={text}
        height="24rem"
        readOnly={locked}
        error={refusal}
        help="The page's meta as a JSON object. Apply records the keys you changed as one step. Tab indents; Escape then Tab leaves the editor."
        onChange={onChange}
      />
      <div className={d.actions}>
        <Button
          variant="primary"
          isDisabled={locked || draft === null}
          disabledReason={locked ? MSG.locked : 'Nothing changed in the meta yet'}
          onPress={apply}
        >
          Apply
        </Button>
        <Button isDisabled={locked || draft === null} disabledReason={locked ? MSG.locked : 'Nothing changed in the meta yet'} onPress={revert}>
          Revert
        </Button>
      </div>
    </section>
  );
}
