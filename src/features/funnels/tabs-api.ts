/**
 * The funnel page's tab calls (000 §7, 001 §7): its pages, audit log and gallery, their
 * mutations, and Publish. Answers are parsed with the model's schemas; writes invalidate what
 * they change.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { call, keys, parseAnswer, rawRequest, readNdjson, uploadFiles, urlOf, type ProgressChunk } from '../../api';
import { FUNNEL_PAGE_SORTS, PREVIOUS_PATH_HEADER } from '../../model/contracts/pages';
import type { ListState } from '../../ui/list/list-state';
import {
  AUDIT_PAGE,
  AUDIT_ROUTES,
  BLOCKER_ROUTES,
  IMAGE_ROUTES,
  PAGE_ROUTES,
  PIXEL_ROUTES,
  randomId,
  RELEASE_ROUTES,
  RMSG,
  SCRUB_ROUTES,
  type AuditLog,
  type FunnelNote,
  type Page,
  type PageForm,
} from '../../model';
import { invalidateFunnel } from './api';
import { type AuditType, type BlockerFormSchema, type Pixel, type PixelFormSchema, type ScrubFormValues } from '../../model';

/** A valid scrub form as the schema outputs it (001 §5): what the Scrubs tab saves. */
/** A valid pixel form as the schema outputs it (001 §5: code normalised, at least one page). */
export type PixelFormValues = z.output<typeof PixelFormSchema>;
/** A valid Block form as the schema outputs it (000 §3, §5). */
export type BlockerFormValues = z.output<typeof BlockerFormSchema>;

/** Which page of the audit log to read (`GET …/audit_log`, which answers in pages). */
export interface AuditLogPage {
  /** Entries at most (the server's default: AUDIT_PAGE.size). */
  limit?: number;
  /** Only entries older than this one (the last entry of the page before). */
  before?: number;
  /** Only the changes of this document (`page:12`). */
  doc?: string;
  /** Only the entries of this author (a user ID). */
  user?: number;
  /** Only notes, or only changes. */
  type?: AuditType;
}

/** What the Logs tab filters its entries by (001 §7 "Logs"): a document, an author, a kind. */
export type AuditFilter = Pick<AuditLogPage, 'doc' | 'user' | 'type'>;

/** One page of the log: newest first, `q.limit` entries at most ({@link AuditLogPage}). */
const auditLogPage = (funnelId: number, q: AuditLogPage = {}): Promise<AuditLog[]> =>
  call(AUDIT_ROUTES.ofFunnel, {
    params: { id: funnelId },
    query: {
      limit: q.limit === undefined ? undefined : String(q.limit),
      before: q.before === undefined ? undefined : String(q.before),
      doc: q.doc,
      user: q.user === undefined ? undefined : String(q.user),
      type: q.type,
    },
  });

/**
 * The changes of document `doc` (`page:12`) from the newest back to entry `until` (all of them
 * without it), newest first, read AUDIT_PAGE.max at a time: what "Revert this change" and time
 * travel walk back through, whatever the Logs tab has loaded so far.
 */
async function docLog(funnelId: number, doc: string, until?: number): Promise<AuditLog[]> {
  const out: AuditLog[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await auditLogPage(funnelId, { doc, limit: AUDIT_PAGE.max, before });
    out.push(...page);
    const last = page.at(-1);
    if (!last || page.length < AUDIT_PAGE.max || (until !== undefined && page.some((e) => e.ID === until))) return out;
    before = last.ID;
  }
}

/**
 * The slice's reads as plain calls (hooks below; the API tests call them on the real server).
 * @throws ApiError on a non-2xx status; AnswerShapeError when an answer does not match the model.
 */
export const funnelReads = {
  /** `GET /api/v1/funnels/{id}/pages`: the funnel's pages. */
  pages: (funnelId: number) => call(PAGE_ROUTES.ofFunnel, { params: { id: funnelId } }),
  /** `GET /api/v1/funnels/{id}/audit_log` (001 §3): notes and recorded changes, newest first, one page ({@link AuditLogPage}). */
  auditLog: auditLogPage,
  /** One document's changes, newest first, back to an entry ({@link docLog}). */
  docLog,
  /** `GET /api/v1/images/{funnelId}` (000 §7 "Images"): the funnel's gallery. */
  images: (funnelId: number) => call(IMAGE_ROUTES.list, { params: { funnelId } }),
  /** `GET /api/v1/funnels/{id}/layout`: the flow diagram's node positions (version 0 until one is kept). */
  layout: (funnelId: number) => call(PAGE_ROUTES.layout, { params: { id: funnelId } }),
};

/** The flow diagram's node positions; read only while `enabled` (the diagram is shown). */
export const useFunnelLayout = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: keys.funnelLayout(funnelId), queryFn: () => funnelReads.layout(funnelId), enabled });

/** The funnel's gallery (000 §2 "Image gallery"); read only while `enabled` (the Gallery tab is open). */
export const useImages = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: keys.images(funnelId), queryFn: () => funnelReads.images(funnelId), enabled });

/**
 * Gallery writes (000 §7 "Images"): upload several files at once with progress (all or
 * nothing; answers '{file} file uploaded successfully' and the images), and delete by name.
 * Both refresh every view of the gallery (the tab and the page editor's pickers).
 */
export function useImageMutations(funnelId: number) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.images(funnelId) });
  return {
    /** `banner`: the server checks the image has that affiliate banner's size (000 §9) before storing it. */
    upload: useMutation({
      mutationFn: ({ files, onProgress, banner }: { files: File[]; onProgress: (fraction: number) => void; banner?: 'desktop' | 'mobile' }) =>
        uploadFiles(IMAGE_ROUTES.upload.answer, urlOf(IMAGE_ROUTES.upload, { params: { funnelId }, query: { banner } }), files, { onProgress }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (name: string) => call(IMAGE_ROUTES.remove, { params: { funnelId, name } }),
      onSuccess: done,
    }),
  };
}

export const usePages = (funnelId: number) => useQuery({ queryKey: keys.pages(funnelId), queryFn: () => funnelReads.pages(funnelId) });

/** What the Pages tab's table sorts by on the server (`flow`: its own order, the default). */
export type FunnelPageSort = (typeof FUNNEL_PAGE_SORTS)[number];

/** One page of the Pages tab's table: its rows, how many match in all, and the path of the row before it (null on the first page). */
export interface PagesTablePage {
  rows: Page[];
  total: number;
  previousPath: string | null;
}

/**
 * Reads one page of the Pages tab's table (`GET /api/v1/funnels/{id}/pages` with the list
 * query; without a sort the server's flow order grouped by path).
 * @throws ApiError on a non-2xx status (not notified: the tab says it where the table would be); AnswerShapeError on a bad answer.
 */
export async function readPagesTable(funnelId: number, s: ListState<FunnelPageSort>, signal?: AbortSignal): Promise<PagesTablePage> {
  const query = {
    q: s.q.trim() || undefined,
    sort: s.sort === null ? undefined : s.desc ? (`-${s.sort}` as const) : s.sort,
    page: s.page,
    per_page: s.perPage,
  };
  const path = urlOf(PAGE_ROUTES.ofFunnel, { params: { id: funnelId }, query });
  const res = await rawRequest('GET', path, { notify: false, signal });
  const rows = parseAnswer(PAGE_ROUTES.ofFunnel.answer, 'GET', path, await res.json());
  const total = Number(res.headers.get('X-Total-Count') ?? NaN);
  return { rows, total: Number.isInteger(total) ? total : rows.length, previousPath: res.headers.get(PREVIOUS_PATH_HEADER) };
}

/**
 * The page of the Pages tab's table that `s` asks for, under the pages' key (page writes refresh
 * it); while another page loads the previous one stays (`isPlaceholderData`).
 */
export const usePagesTable = (funnelId: number, s: ListState<FunnelPageSort>) =>
  useQuery({
    queryKey: [...keys.pages(funnelId), 'table', s.q.trim(), s.sort ?? '', s.desc, s.page, s.perPage],
    queryFn: ({ signal }) => readPagesTable(funnelId, s, signal),
    placeholderData: keepPreviousData,
  });

/** Page mutations of 000 §7: create, clone and delete (edits go through the command log). */
export function usePageMutations(funnelId: number) {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.pages(funnelId) });
    invalidateFunnel(qc, funnelId);
  };
  return {
    create: useMutation({
      mutationFn: (b: PageForm) => call(PAGE_ROUTES.create, { body: { ...b, funnel_id: funnelId } }),
      onSuccess: done,
    }),
    /** A copy of `source` with the form's name, type, path and template: its meta, split, next and skip pages are kept. */
    clone: useMutation({
      mutationFn: ({ source, form }: { source: Page; form: PageForm }) =>
        call(PAGE_ROUTES.create, {
          body: { ...form, funnel_id: funnelId, meta: source.meta, split: source.split, page_id: source.page_id, page_alt_id: source.page_alt_id },
          headers: { 'Idempotency-Key': randomId() },
        }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(PAGE_ROUTES.remove, { params: { id } }), onSuccess: done }),
  };
}

/**
 * The funnel's audit log, newest first, AUDIT_PAGE.size entries a page, only those `filter`
 * keeps (read so by the server): `fetchNextPage` reads the next older page ("Load older
 * entries"); `hasNextPage` is false once a page came back short.
 */
export const useAuditLog = (funnelId: number, filter: AuditFilter = {}) => useInfiniteQuery(auditLogQuery(funnelId, filter));

/** The query options of {@link useAuditLog} (the Logs tab's loader starts its first page with the same key). */
export const auditLogQuery = (funnelId: number, filter: AuditFilter = {}) =>
  infiniteQueryOptions({
    // Under the log's key: whatever refreshes the log refreshes every filtered copy.
    queryKey: [...keys.audit(funnelId), 'filter', filter.doc ?? '', filter.user ?? 0, filter.type ?? ''] as const,
    queryFn: ({ pageParam }) => funnelReads.auditLog(funnelId, { ...filter, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: AuditLog[]) => (last.length < AUDIT_PAGE.size ? undefined : last.at(-1)?.ID),
  });

/** The query key of document `doc`'s changes (under the log's key: whatever refreshes the log refreshes them). */
export const docLogKey = (funnelId: number, doc: string) => [...keys.audit(funnelId), 'doc', doc] as const;

/** Audit-log mutations of 001 §7: add a note, delete an entry. */
export function useAuditMutations(funnelId: number) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.audit(funnelId) });
  return {
    addNote: useMutation({
      mutationFn: (n: FunnelNote) => call(AUDIT_ROUTES.addNote, { body: { ...n, funnel_id: funnelId } }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(AUDIT_ROUTES.remove, { params: { id } }), onSuccess: done }),
  };
}

/**
 * Publishes a funnel (000 §7 `PUT /api/v1/funnels/{id}/publish`), reporting each streamed
 * `{progress, message}` chunk. @returns the last chunk (progress 100 on success, 0 on failure).
 */
export async function publishFunnel(id: number, onChunk: (c: ProgressChunk) => void): Promise<ProgressChunk | null> {
  const res = await rawRequest('PUT', urlOf(RELEASE_ROUTES.publish, { params: { id } }), { notify: false, headers: { Accept: 'application/x-ndjson' } });
  return readNdjson(res, onChunk);
}

// ── Scrubs, Pixels and Block User tabs (001 §2 "Funnel page", §3, §7; 000 §3 Block form) ──

/** Scrubs, pixels and blockers of a funnel answered by the real server, parsed with the model's schemas. */
export const funnelChildReads = {
  /** `GET /api/v1/funnels/{id}/scrubs` (001 §7). */
  scrubs: (funnelId: number) => call(SCRUB_ROUTES.ofFunnel, { params: { id: funnelId } }),
  /** `GET /api/v1/funnels/{id}/pixels` (001 §7): one row per pixel and page. */
  pixels: (funnelId: number) => call(PIXEL_ROUTES.ofFunnel, { params: { id: funnelId } }),
  /** `GET /api/v1/funnels/{id}/blockers` (001 §7). */
  blockers: (funnelId: number) => call(BLOCKER_ROUTES.ofFunnel, { params: { id: funnelId } }),
};

/** The funnel's scrubs (001 §3); read only while `enabled` (the Scrubs tab is open). */
export const useScrubs = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: keys.scrubs(funnelId), queryFn: () => funnelChildReads.scrubs(funnelId), enabled });

/**
 * Create, replace and delete of a funnel's records of one kind (001 §7), each refreshing the
 * list under `key`; `writes` are the calls (create adds the funnel's ID).
 */
function useChildMutations<F, R>(
  key: QueryKey,
  writes: { create: (f: F) => Promise<R>; update: (id: number, form: F) => Promise<R>; remove: (id: number) => Promise<unknown> },
) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({ mutationFn: writes.create, onSuccess: done }),
    update: useMutation({ mutationFn: ({ id, form }: { id: number; form: F }) => writes.update(id, form), onSuccess: done }),
    remove: useMutation({ mutationFn: writes.remove, onSuccess: done }),
  };
}

/** Scrub writes of 001 §7 (create, replace, delete); each refreshes the funnel's scrubs. */
export const useScrubMutations = (funnelId: number) =>
  useChildMutations(keys.scrubs(funnelId), {
    create: (f: ScrubFormValues) => call(SCRUB_ROUTES.create, { body: { ...f, funnel_id: funnelId } }),
    update: (id, form) => call(SCRUB_ROUTES.update, { params: { id }, body: form }),
    remove: (id) => call(SCRUB_ROUTES.remove, { params: { id } }),
  });

/** The funnel's pixels (001 §3); read only while `enabled` (the Pixels tab is open). */
export const usePixels = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: keys.pixels(funnelId), queryFn: () => funnelChildReads.pixels(funnelId), enabled });

/**
 * Pixel writes of 001 §7. The API stores one pixel per page, so create makes one call per
 * selected page, and an edit replaces the pixel with the first selected page and creates it
 * on the others. The list is refreshed even when a later call fails, so it shows what was kept.
 */
export function usePixelMutations(funnelId: number) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: keys.pixels(funnelId) });
  const createOn = async ({ pageIds, ...f }: PixelFormValues, pages: number[]) => {
    const made: Pixel[] = [];
    for (const page of pages) made.push(await call(PIXEL_ROUTES.create, { body: { ...f, funnel_id: funnelId, page } }));
    return made;
  };
  return {
    create: useMutation({ mutationFn: (f: PixelFormValues) => createOn(f, f.pageIds), onSettled: done }),
    update: useMutation({
      mutationFn: async ({ id, form }: { id: number; form: PixelFormValues }) => {
        const [first, ...rest] = form.pageIds;
        // The form holds at least one page (PixelFormSchema); the contract's body needs it.
        if (first === undefined) throw new Error(RMSG.pixelPages);
        const { pageIds: _p, ...fields } = form;
        const updated = await call(PIXEL_ROUTES.update, { params: { id }, body: { ...fields, page: first } });
        return [updated, ...(await createOn(form, rest))];
      },
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => call(PIXEL_ROUTES.remove, { params: { id } }), onSuccess: done }),
  };
}

/** The funnel's blocked users / order-decline rules (001 §3); read only while `enabled` (the Block User tab is open). */
export const useBlockers = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: keys.blockers(funnelId), queryFn: () => funnelChildReads.blockers(funnelId), enabled });

/** Blocker writes of 001 §7 (create, replace, delete); each refreshes the funnel's blockers. */
export const useBlockerMutations = (funnelId: number) =>
  useChildMutations(keys.blockers(funnelId), {
    create: (f: BlockerFormValues) => call(BLOCKER_ROUTES.create, { body: { ...f, funnel_id: funnelId } }),
    update: (id, form) => call(BLOCKER_ROUTES.update, { params: { id }, body: form }),
    remove: (id) => call(BLOCKER_ROUTES.remove, { params: { id } }),
  });

// ── Releases tab and "What goes live" ──

/** Query key of a funnel's releases: under the funnel's key, so refreshing the funnel after a publish refreshes them too. */
export const releasesKey = (funnelId: number) => ['funnels', funnelId, 'releases'] as const;

/**
 * The funnel's releases and what Publish would put live, parsed with the model's schemas.
 * @throws ApiError on a non-2xx status (404 'Funnel not found'); AnswerShapeError when an answer does not match the model.
 */
export const releaseReads = {
  /** `GET /api/v1/funnels/{id}/releases`: newest first, with who, when, live and what changed. */
  list: (funnelId: number) => call(RELEASE_ROUTES.list, { params: { id: funnelId } }),
  /** `GET /api/v1/funnels/{id}/releases/pending`: the saved funnel against the live release, in sentences. */
  pending: (funnelId: number) => call(RELEASE_ROUTES.pending, { params: { id: funnelId } }),
};

/** The funnel's releases; read only while `enabled` (the Releases tab is open). */
export const useReleases = (funnelId: number, enabled = true) =>
  useQuery({ queryKey: releasesKey(funnelId), queryFn: () => releaseReads.list(funnelId), enabled });

/**
 * Roll back (`POST /api/v1/funnels/{id}/releases/{releaseId}/rollback`): answers the releases
 * after it, which replace the cached list; the audit log is refreshed (the rollback is noted there).
 * Refusals (423 locked, 409 pruned or another domain, 403) are said by the API client.
 */
export function useRollback(funnelId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (releaseId: number) => call(RELEASE_ROUTES.rollback, { params: { id: funnelId, releaseId } }),
    onSuccess: (list) => {
      qc.setQueryData(releasesKey(funnelId), list);
      void qc.invalidateQueries({ queryKey: keys.audit(funnelId) });
    },
  });
}
