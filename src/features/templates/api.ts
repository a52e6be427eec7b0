/**
 * The template library's calls (001 §7 "Templates"): the layouts and the preview host the
 * Add/Edit form needs, Add template (`POST /api/v1/templates`), the sync stream
 * (`PATCH /api/v1/templates`, NDJSON as Publish streams) and a template's rendered preview for
 * the hover frame. The library reads one page of a tab ({@link useTemplatePage}); the pickers
 * read every template (`useTemplates` in src/api); edits and
 * stash/restore of an existing template go through the command log (the screen), not here.
 * Answers are parsed with the model's schemas.
 */
import { useQuery } from '@tanstack/react-query';
import { call, keys, rawRequest, readNdjson, urlOf, type ProgressChunk, useWrite } from '../../api';
import { useListPage } from '../../api/list';
import { TEMPLATE_ROUTES, type Template, type TemplateForm, type TemplateTab } from '../../model';
import { listQueryOf, type ListState } from '../../ui/list/list-state';

/** Query keys of this slice, under the shared `templates` key so a template write refreshes them too. */
export const templateKeys = {
  layouts: [...keys.templates, 'layouts'] as const,
  previewHost: [...keys.templates, 'preview-host'] as const,
  /** The library's pages ({@link useTemplatePage}: `useListPage` keys them `[...key, 'page', query]`). */
  pages: [...keys.templates, 'page'] as const,
  /** A template's rendered preview, per version: a saved edit is a new entry, an old one is never shown for it. */
  preview: (id: number, version: number) => [...keys.templates, id, version, 'preview'] as const,
};

/**
 * Add template's contract: it carries the page model (the form's meta is checked as page meta),
 * so it loads with the Add form (the form's chunk has it) and never with the library.
 */
const loadCreateContract = () => import('../../model/contracts/template-create');

/**
 * The calls as plain functions (the hooks wrap them).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const templateCalls = {
  /** `GET /api/v1/templates/layouts`: the layout names a template may use. */
  layouts: () => call(TEMPLATE_ROUTES.layouts, {}),
  /** `GET /api/v1/templates/preview-host`: the prefix of every stored preview path (001 §9). */
  previewHost: () => call(TEMPLATE_ROUTES.previewHost, {}).then((r) => r.preview_host),
  /**
   * `POST /api/v1/templates` with an Idempotency-Key (a retried Add does not add twice). Not
   * notified: the form shows a refusal next to its fields.
   */
  create: async (body: TemplateForm, idempotencyKey: string) =>
    call((await loadCreateContract()).TEMPLATE_CREATE, {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
      notify: false,
    }),
  /** `GET /api/v1/templates/{id}/preview`: the template rendered as a page with its own meta (HTML text). */
  preview: (id: number) => call(TEMPLATE_ROUTES.preview, { params: { id }, headers: { Accept: 'text/html' }, notify: false }),
};

/**
 * Syncs the templates from the template host (001 §7 `PATCH /api/v1/templates`), reporting each
 * streamed `{progress, message}` chunk as Publish does (src/features/funnels/tabs-api.ts
 * publishFunnel). @returns the last chunk (100 'Done', or 0 with the error). @throws ApiError
 * when the call itself fails (e.g. 403 for a role that may not sync).
 */
export async function syncTemplates(onChunk: (c: ProgressChunk) => void): Promise<ProgressChunk | null> {
  const res = await rawRequest('PATCH', urlOf(TEMPLATE_ROUTES.sync, {}), { notify: false, headers: { Accept: 'application/x-ndjson' } });
  return readNdjson(res, onChunk);
}

/** The layouts of the Add/Edit form (cached for the session). */
export const useLayouts = () => useQuery({ queryKey: templateKeys.layouts, queryFn: templateCalls.layouts, staleTime: Infinity });

/** The template preview host (cached for the session; it is server configuration). */
export const usePreviewHost = () => useQuery({ queryKey: templateKeys.previewHost, queryFn: templateCalls.previewHost, staleTime: Infinity });

/**
 * A template's rendered preview, fetched only while `enabled` (the hover frame is open) and
 * kept per id and version for the session (hovering the same row again shows it at once).
 */
export const useTemplatePreview = (t: Pick<Template, 'ID' | 'version'> | null, enabled: boolean) =>
  useQuery({
    queryKey: templateKeys.preview(t?.ID ?? 0, t?.version ?? 0),
    queryFn: () => templateCalls.preview(t?.ID ?? 0),
    enabled: enabled && t !== null,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });

/** Add template: posts the form and refreshes the list. */
export const useCreateTemplate = () =>
  useWrite(({ body, idempotencyKey }: { body: TemplateForm; idempotencyKey: string }) => templateCalls.create(body, idempotencyKey), {
    // Every template (the pickers) and the library's pages; not the layouts, host or previews.
    refresh: [{ queryKey: keys.templates, exact: true }, { queryKey: templateKeys.pages }],
  });

/**
 * One page of the template list as `state` asks for it, narrowed to the library's `tab`
 * (searched, sorted and paged on the server; see src/api/list.ts). Under the shared
 * `templates` key: a template write refreshes it.
 */
export const useTemplatePage = (state: ListState, tab: TemplateTab) => useListPage(keys.templates, TEMPLATE_ROUTES.list, { ...listQueryOf(state), tab });
