/**
 * The editor documents' addresses (`{id}`: the document's ID; a layout's is its funnel's): read
 * by the documents' contracts, the server's PUT and PATCH routes of them, and the SPA's
 * document reads and saves (src/api/client.ts), which go by the document's kind.
 */
export const DOC_PATHS = {
  funnel: '/api/v1/funnels/{id}',
  page: '/api/v1/pages/{id}',
  template: '/api/v1/templates/{id}',
  layout: '/api/v1/funnels/{id}/layout',
} as const;
/** A document kind of {@link DOC_PATHS}. */
export type DocPathKind = keyof typeof DOC_PATHS;
/** True when `kind` names a document of {@link DOC_PATHS}. */
export const isDocPathKind = (kind: string): kind is DocPathKind => Object.hasOwn(DOC_PATHS, kind);
