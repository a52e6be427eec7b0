/**
 * The editable documents, one entry per kind: what the command log edits (`edit`, `useDoc`),
 * what the rebase re-addresses by identity, what the server validates and titles in the audit
 * log — all typed from here, so a new kind of document is one entry (src/editor/README.md;
 * README.md "One edit, end to end").
 */
import type { z } from 'zod';
import { DOC_PATHS } from './contracts/paths';
import { FunnelSchema, type Funnel } from './funnel';
import { FunnelLayoutSchema, type FunnelLayout } from './layout';
import { PageSchema, type Page } from './page';
import type { Template } from './template';
import { TemplateWriteSchema } from './template-write';

/**
 * One list whose items carry a stable identity (`*` stands for any index): its own `id` where
 * the items have ours (`review-k3…`: new ones get `prefix` and a random part), else a `uid` we
 * add — a list whose `id` means something else (an order-platform product id) or that has none.
 */
export type ListIdentity = { readonly path: string; readonly key: 'uid' } | { readonly path: string; readonly key: 'id'; readonly prefix: string };

/** What one kind of document is. */
export interface DocumentDef<T> {
  /** How messages name a document of this kind before its own name ("Page Checkout"). */
  readonly noun: string;
  /** The schema a written copy must satisfy (the server checks it on every save; the editor's errors come from it). */
  readonly schema: z.ZodType<T>;
  /** The document's resource, OpenAPI form (`{id}`; contracts/paths.ts, which its contracts read too): GET it, PATCH it (RFC 6902), PUT it. */
  readonly path: string;
  /** How the audit log titles a save of it. */
  readonly title: (doc: T) => string;
  /** Its identified lists, which undo, redo and a 412's replay re-address by identity (rebase.ts). */
  readonly lists: readonly ListIdentity[];
}

/** A page's or template's meta lists (the same meta: 001 §5). */
const META_LISTS: readonly ListIdentity[] = [
  { path: '/meta/products', key: 'uid' },
  { path: '/meta/products/*/features', key: 'uid' },
  { path: '/meta/productSizes', key: 'id', prefix: 'size' },
  { path: '/meta/productAddons', key: 'id', prefix: 'addon' },
  { path: '/meta/productAddons/*/products', key: 'uid' },
  { path: '/meta/reviews', key: 'id', prefix: 'review' },
  { path: '/meta/extraReviews', key: 'id', prefix: 'review' },
  { path: '/meta/list', key: 'id', prefix: 'list' },
  { path: '/meta/intShipping', key: 'id', prefix: 'shipping' },
  { path: '/meta/imgSlider', key: 'id', prefix: 'slide' },
  { path: '/meta/recurring_campaigns', key: 'uid' },
];

const document = <T>(d: DocumentDef<T>): DocumentDef<T> => d;

/** The editable documents by kind: `funnel:3`, `page:12`, `template:4`, `layout:3` (a funnel's flow-diagram positions). */
export const DOCUMENTS = {
  funnel: document<Funnel>({
    noun: 'Funnel',
    schema: FunnelSchema,
    path: DOC_PATHS.funnel,
    title: (f) => `Edit funnel ${f.name}`,
    lists: [
      { path: '/details/faq', key: 'uid' },
      { path: '/details/faq/*/faq_content', key: 'uid' },
      { path: '/details/manual', key: 'uid' },
      { path: '/details/bannerImageAffid', key: 'uid' },
    ],
  }),
  page: document<Page>({
    noun: 'Page',
    schema: PageSchema,
    path: DOC_PATHS.page,
    title: (p) => `Edit page ${p.name}`,
    lists: [...META_LISTS, { path: '/split', key: 'uid' }],
  }),
  template: document<Template>({
    noun: 'Template',
    schema: TemplateWriteSchema,
    path: DOC_PATHS.template,
    title: (t) => `Edit template ${t.name}`,
    lists: META_LISTS,
  }),
  layout: document<FunnelLayout>({
    noun: 'Flow layout of funnel',
    schema: FunnelLayoutSchema,
    path: DOC_PATHS.layout,
    title: () => 'Move pages in the flow diagram',
    lists: [],
  }),
} as const;

/** A kind of document: 'funnel' | 'page' | 'template' | 'layout'. */
export type DocKind = keyof typeof DOCUMENTS;

/** The value of a document of kind `K` (Funnel for 'funnel', …). */
export type DocOf<K extends DocKind> = K extends DocKind ? ((typeof DOCUMENTS)[K] extends DocumentDef<infer T> ? T : never) : never;

/** One document of kind `K` (default: any), named by kind and server id (`page:12`). */
export type DocId<K extends DocKind = DocKind> = `${K}:${number}`;

/** The kind of document `D` names. */
export type KindOf<D extends DocId> = D extends `${infer K}:${number}` ? (K extends DocKind ? K : never) : never;

/** The value of document `D` (`DocValue<'page:3'>` is Page; of a union of kinds, the union of their values). */
export type DocValue<D extends DocId> = DocOf<KindOf<D>>;

/** True for the name of a kind of document. */
export const isDocKind = (k: string): k is DocKind => Object.hasOwn(DOCUMENTS, k);

/** The kind of a document id (`'page:12'` → 'page'). @throws Error for an id of no kind (only an unchecked cast could make one). */
export function kindOf(doc: DocId): DocKind {
  const k = doc.slice(0, doc.indexOf(':'));
  if (!isDocKind(k)) throw new Error(`Not a document: ${doc}`);
  return k;
}

/** The server id of a document id (`'page:12'` → 12). */
export const idOf = (doc: DocId): number => Number(doc.slice(doc.indexOf(':') + 1));

/** The id of document `id` of kind `kind` (`docId('page', 12)` → `'page:12'`). */
export const docId = <K extends DocKind>(kind: K, id: number): DocId<K> => `${kind}:${id}` as const;

/** The resource path of document `doc` (`'layout:3'` → `/api/v1/funnels/3/layout`). */
export const documentPath = (doc: DocId): string => DOCUMENTS[kindOf(doc)].path.replace('{id}', String(idOf(doc)));
