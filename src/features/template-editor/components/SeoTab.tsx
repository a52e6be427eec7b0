/**
 * The drawer's Page SEO tab (001 §2 "Template editor": Page SEO; 001 §3 page meta
 * `description`, `subject`, `keywords`, `googleSiteVerification`): four texts of the page's
 * meta, each at most 255 characters (src/model/page.ts PAGE_TEXT_MAX, what the server checks).
 * Typing is one labelled command per field ('Edit Description', …) that coalesces while the
 * operator types (mergeKey per field); text over the limit is kept in the field with the
 * model's message and records nothing.
 */
import { useEditor, useEditorStore, type DocId } from '../../../editor';
import { PAGE_TEXT_MAX, WRITE_MSG, type Page } from '../../../model';
import { TextField, Skeleton, useDraftText } from '../../../ui';
import { SEO_KEYS, type SeoKey } from '../drawer-tabs';
import * as d from './drawer.css';

/** The fields in the tab's order, with their labels and what they become on the page. */
const FIELDS: Record<SeoKey, { label: string; help: string }> = {
  description: { label: 'Description', help: "The page's meta description: what search engines show under its title." },
  subject: { label: 'Subject', help: "The page's meta subject." },
  keywords: { label: 'Keywords', help: "The page's meta keywords, separated by commas." },
  googleSiteVerification: { label: 'Google site verification', help: 'The content of the google-site-verification meta tag Search Console gives.' },
};

/** Props of {@link SeoTab}. */
export interface SeoTabProps {
  /** The page whose `page:<id>` document is edited (loaded in the editor store). */
  pageId: number;
  /** A locked funnel: fields disabled, nothing recorded. */
  locked: boolean;
}

/** See the module comment. */
export function SeoTab({ pageId, locked }: SeoTabProps) {
  const doc: DocId<'page'> = `page:${pageId}`;
  const loaded = useEditorStore((st) => st.docs[doc] !== undefined);
  if (!loaded) return <Skeleton label="Loading page…" variant="lines" />;
  return (
    <section aria-labelledby="drawer-seo-title" className={d.section}>
      <h2 id="drawer-seo-title">Page SEO</h2>
      <fieldset disabled={locked} className={d.lockable}>
        {SEO_KEYS.map((key) => (
          <SeoField key={key} doc={doc} field={key} locked={locked} />
        ))}
      </fieldset>
    </section>
  );
}

/** One SEO text: follows the stored value (undo, redo, a reload) and stores only valid text. */
function SeoField({ doc, field, locked }: { doc: DocId<'page'>; field: SeoKey; locked: boolean }) {
  const { label, help } = FIELDS[field];
  const editor = useEditor();
  const raw = useEditorStore((st) => (st.docs[doc]?.value as Page | undefined)?.meta[field]);
  const stored = typeof raw === 'string' ? raw : '';
  const { text, setText, bad, setBad } = useDraftText(stored);
  // A value that is not text (raw JSON can hold anything) is named; typing replaces it.
  const storedError = raw !== undefined && typeof raw !== 'string' ? WRITE_MSG.notText(label) : undefined;
  return (
    <TextField
      label={label}
      value={text}
      help={help}
      error={bad ?? storedError}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        const why = t.length > PAGE_TEXT_MAX ? WRITE_MSG.tooLong(label, PAGE_TEXT_MAX) : undefined;
        setBad(why);
        if (why || locked || (t === stored && raw !== undefined)) return;
        editor.edit(
          doc,
          `Edit ${label}`,
          (draft: Page) => {
            draft.meta[field] = t;
          },
          { mergeKey: `seo/${field}` },
        );
      }}
    />
  );
}
