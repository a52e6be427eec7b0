/**
 * Every field error of an editor document, as the forms and panels show them (000 §5, 001 §5):
 * what the editor bar lists and why it holds Save back (Save is disabled while a
 * field shows an error). The server checks the same rules again on save.
 */
import { DOCUMENTS, type DocKind } from './documents';
import { FunnelGeneralSchema } from './funnel';
import { PageRedirectSchema, PageSchema } from './page';
import { issuesByPath, pageExtrasErrors } from './page-meta';
import { pageContentErrors } from './page-content';
import { MSG } from './messages';

/** A document's kind, the part of its id before the colon ('funnel:3' → 'funnel'): the registry's (documents.ts). */
export type DocumentKind = DocKind;

/**
 * Messages in the seeds' words keyed by dotted path ('details.GTM', 'meta.warrantyFrame',
 * 'meta.reviews.0.user'); {} when the document is valid. A funnel is checked with the General
 * form's required fields too, a page with its meta's panel rules and, given the funnel's
 * other pages (`siblings`), 'Page path already exists' (001 §5, §8). Pure.
 */
export function documentErrors(kind: DocumentKind, value: unknown, siblings: readonly { ID: number; page_path: string }[] = []): Record<string, string> {
  if (kind === 'funnel') return { ...issuesByPath(DOCUMENTS.funnel.schema.safeParse(value)), ...issuesByPath(FunnelGeneralSchema.safeParse(value)) };
  if (kind !== 'page') return issuesByPath(DOCUMENTS[kind].schema.safeParse(value));
  const meta = (value as { meta?: unknown } | null)?.meta;
  const out = issuesByPath(PageSchema.omit({ meta: true }).safeParse(value));
  const page = value as { ID?: number; page_path?: string } | null;
  if (!out.page_path && siblings.some((x) => x.ID !== page?.ID && x.page_path === page?.page_path)) out.page_path = MSG.pagePathExists;
  const redirect = (meta as { redirect?: unknown } | undefined)?.redirect;
  const redirectErrors =
    redirect === undefined
      ? {}
      : Object.fromEntries(Object.entries(issuesByPath(PageRedirectSchema.safeParse(redirect))).map(([k, v]) => [`redirect.${k}`, v]));
  for (const [k, v] of Object.entries({ ...pageExtrasErrors(meta), ...pageContentErrors(meta), ...redirectErrors })) out[`meta.${k}`] ??= v;
  return out;
}
