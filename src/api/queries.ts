/**
 * TanStack Query hooks per resource (seed 000 §7, 001 §7 paths). Reads are cached by
 * key; writes invalidate what they change. Editable documents (funnels, pages) are then
 * loaded into the editor store by the screens — the query cache is never edited in place.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuditLog, Funnel, FunnelListItem, FunnelNote, NewFunnel, Offer, Page, PageForm, Product, SessionUser, Template } from '../model';
import { rawRequest, readNdjson, request, type ProgressChunk } from './client';

/** Query keys, in one place so invalidation matches reads. */
export const keys = {
  me: ['me'] as const,
  funnels: ['funnels'] as const,
  funnel: (id: number) => ['funnels', id] as const,
  pages: (funnelId: number) => ['funnels', funnelId, 'pages'] as const,
  page: (id: number) => ['pages', id] as const,
  offers: ['offers'] as const,
  offerProducts: (offerId: number) => ['offers', offerId, 'products'] as const,
  templates: ['templates'] as const,
  audit: (funnelId: number) => ['funnels', funnelId, 'audit'] as const,
};

export const useMe = () => useQuery({ queryKey: keys.me, queryFn: () => request<SessionUser>('GET', '/api/v1/me', { notify: false }) });
export const useFunnels = () => useQuery({ queryKey: keys.funnels, queryFn: () => request<FunnelListItem[]>('GET', '/api/v1/funnels') });
export const useFunnel = (id: number) => useQuery({ queryKey: keys.funnel(id), queryFn: () => request<FunnelListItem>('GET', `/api/v1/funnels/${id}`) });
export const usePages = (funnelId: number) => useQuery({ queryKey: keys.pages(funnelId), queryFn: () => request<Page[]>('GET', `/api/v1/funnels/${funnelId}/pages`) });
export const usePage = (id: number) => useQuery({ queryKey: keys.page(id), queryFn: () => request<Page>('GET', `/api/v1/pages/${id}`) });
export const useOffers = () => useQuery({ queryKey: keys.offers, queryFn: () => request<Offer[]>('GET', '/api/v1/offers') });
export const useTemplates = () => useQuery({ queryKey: keys.templates, queryFn: () => request<Template[]>('GET', '/api/v1/templates') });
export const useAuditLog = (funnelId: number) => useQuery({ queryKey: keys.audit(funnelId), queryFn: () => request<AuditLog[]>('GET', `/api/v1/funnels/${funnelId}/audit_log`) });

/**
 * Products of an offer (000 §7 `GET /api/v1/products/offer/{id}`). Errors are not notified
 * here: the page editor shows the seed's own message for them.
 */
export const useOfferProducts = (offerId: number | null | undefined) =>
  useQuery({
    queryKey: keys.offerProducts(offerId ?? 0),
    enabled: !!offerId,
    retry: false,
    queryFn: () => request<Product[]>('GET', `/api/v1/products/offer/${offerId}`, { notify: false }),
  });

function invalidateFunnel(qc: QueryClient, funnelId?: number) {
  void qc.invalidateQueries({ queryKey: keys.funnels });
  if (funnelId) void qc.invalidateQueries({ queryKey: keys.funnel(funnelId) });
}

/** Funnel mutations of 000 §7: create, clone, delete, lock. */
export function useFunnelMutations() {
  const qc = useQueryClient();
  return {
    create: useMutation({ mutationFn: (b: NewFunnel) => request<Funnel>('POST', '/api/v1/funnels', { body: b }), onSuccess: () => invalidateFunnel(qc) }),
    clone: useMutation({
      mutationFn: ({ id, name }: { id: number; name: string }) => request<Funnel>('POST', `/api/v1/funnels/${id}/clone`, { body: { name } }),
      onSuccess: () => invalidateFunnel(qc),
    }),
    remove: useMutation({ mutationFn: (id: number) => request<void>('DELETE', `/api/v1/funnels/${id}`), onSuccess: () => invalidateFunnel(qc) }),
    lock: useMutation({
      mutationFn: ({ id, locked }: { id: number; locked: boolean }) => request<Funnel>('PUT', `/api/v1/funnels/${id}/lock`, { body: { locked } }),
      onSuccess: (_d, v) => invalidateFunnel(qc, v.id),
    }),
  };
}

/** Page mutations of 000 §7: create and delete (edits go through the command log). */
export function usePageMutations(funnelId: number) {
  const qc = useQueryClient();
  const done = () => { void qc.invalidateQueries({ queryKey: keys.pages(funnelId) }); invalidateFunnel(qc, funnelId); };
  return {
    create: useMutation({ mutationFn: (b: PageForm) => request<Page>('POST', '/api/v1/pages', { body: { ...b, funnel_id: funnelId } }), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: number) => request<void>('DELETE', `/api/v1/pages/${id}`), onSuccess: done }),
  };
}

/** Audit-log mutations of 001 §7: add a note, delete an entry. */
export function useAuditMutations(funnelId: number) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.audit(funnelId) });
  return {
    addNote: useMutation({ mutationFn: (n: FunnelNote) => request<AuditLog>('POST', '/api/v1/audit_logs', { body: { ...n, funnel_id: funnelId } }), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: number) => request<void>('DELETE', `/api/v1/audit_logs/${id}`), onSuccess: done }),
  };
}

/**
 * Publishes a funnel (000 §7 `PUT /api/v1/funnels/{id}/publish`), reporting each streamed
 * `{progress, message}` chunk. @returns the last chunk (progress 100 on success, 0 on failure).
 */
export async function publishFunnel(id: number, onChunk: (c: ProgressChunk) => void): Promise<ProgressChunk | null> {
  const res = await rawRequest('PUT', `/api/v1/funnels/${id}/publish`, { notify: false, headers: { Accept: 'application/x-ndjson' } });
  return readNdjson(res, onChunk);
}

/**
 * A published page by its URL, fetched by the server (000 §2: scripts removed, base address
 * and styles injected; `GET /api/v1/preview?url=`). Errors are not notified: the preview shows them.
 * @throws ApiError with the server's message (404 not published, 422 refused or bad URL, 413, 502, 504).
 */
export function previewPublishedPage(url: string, signal?: AbortSignal): Promise<string> {
  return request<string>('GET', `/api/v1/preview?url=${encodeURIComponent(url)}`, { notify: false, signal, headers: { Accept: 'text/html' } });
}

/** Renders the page's template with its current (unsaved) meta; the HTML of the live preview. */
export function renderPreview(page: unknown, signal?: AbortSignal): Promise<string> {
  return request<string>('POST', '/api/v1/preview', { body: { page }, notify: false, signal, headers: { Accept: 'text/html' } });
}
