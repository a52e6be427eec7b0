/**
 * Template documents (`template:<id>`) as `writeDocument` (write.ts) writes them: the preview host
 * stripped from the preview address, meta cleaned and code checked as for pages (meta.ts), and
 * a known layout.
 *
 * Source: README.md "One edit, end to end"; 001 §5, §9.
 */
import { z } from 'zod';
import { stripTemplateHost, type Template } from '../../model/index.ts';
import { templates } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { LAYOUTS } from '../publish/defaults.ts';
import { getTemplate } from '../repo.ts';
import { assertMetaCode, isRecord, loadRichTextSanitizer, withCleanTexts } from './meta.ts';
import { DOCUMENTS } from '../../model/documents.ts';
import { updateRow, type DocDef } from './write.ts';

/**
 * Template documents whose preview address is stored without the preview host (001 §9):
 * `previewHost` ('' for none) is stripped from `template_host_url` before the schema
 * validates, so a full URL on that host is stored as its path and a URL of another host is
 * refused with the page-path message. Meta texts are cleaned and changed code checked as for
 * pages; an empty or missing meta is 'Meta can not be empty!', and the meta must be valid page
 * meta (TemplateWriteSchema: a page made from the template must be able to save).
 */
export function templateDoc(previewHost: string): DocDef<Template> {
  const stripHost = (doc: unknown): unknown =>
    isRecord(doc) && typeof doc.template_host_url === 'string' ? { ...doc, template_host_url: stripTemplateHost(doc.template_host_url, previewHost) } : doc;
  return {
    kind: 'template',
    schema: z.preprocess((doc) => withCleanTexts(previewHost ? stripHost(doc) : doc), DOCUMENTS.template.schema),
    async loadForWrite(tx, id) {
      await loadRichTextSanitizer();
      return { doc: await getTemplate(tx, id, true), locked: false };
    },
    funnelOf: () => null,
    readonly: ['ID', 'version'],
    // Synchronous checks, in a promise: what they throw is the write's rejection.
    check: (_tx, before, after) =>
      Promise.resolve().then(() => {
        if (after.layout !== before.layout && !(LAYOUTS as readonly string[]).includes(after.layout)) {
          throw new ApiError(422, `Unknown layout ${after.layout}: one of ${LAYOUTS.join(', ')}`);
        }
        assertMetaCode(before.meta, after.meta);
      }),
    update: updateRow(templates),
    title: DOCUMENTS.template.title,
  };
}

/** Template documents with no preview host to strip (routes/templates.ts uses {@link templateDoc} with the configured one). */
export const TEMPLATE_DOC: DocDef<Template> = templateDoc('');
