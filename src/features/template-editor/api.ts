/**
 * The template editor slice's own read: the page's last-save marker (001 §4 "A template editor
 * save sets a last-save marker"), kept by the server so every operator sees the same one (issue
 * 27; it was kept in one browser's storage before). Every save of a page is stored with its
 * audit entry (the document `page:<id>`, the version it made, who, when), in the same
 * transaction as the page itself: the marker is the page's newest entry
 * (`GET /api/v1/funnels/{id}/audit_log?doc=page:<id>&limit=1`). Answers are parsed with the
 * model's schema.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, keys } from '../../api';
import { AUDIT_ROUTES } from '../../model';

/** The last save of a page: when, by whom ('' for the system), and the page version it made. */
export interface PageLastSave {
  savedAt: string;
  by: string;
  version: number | null;
}

/** The slice's reads as plain calls. @throws ApiError on a non-2xx status; AnswerShapeError on another shape. */
export const templateEditorReads = {
  /** Page `pageId`'s last save (null: none recorded); a failure is not notified (the marker says it is unknown). */
  lastSave: async (funnelId: number, pageId: number): Promise<PageLastSave | null> => {
    const [entry] = await call(AUDIT_ROUTES.ofFunnel, { params: { id: funnelId }, query: { doc: `page:${pageId}`, limit: '1' }, notify: false });
    return entry ? { savedAt: entry.CreatedAt, by: entry.user.name, version: entry.version } : null;
  },
};

/**
 * The page's last-save marker for `version` (the page version the editor holds): read again
 * whenever that version moves — this operator's save, or another's taken in live — keeping the
 * marker shown until the new one arrives. Idle until the page and its funnel are known.
 */
export function usePageLastSave(funnelId: number | undefined, pageId: number, version: number) {
  return useQuery({
    queryKey: [...keys.page(pageId), 'last_save', version],
    queryFn: () => templateEditorReads.lastSave(funnelId ?? 0, pageId),
    enabled: funnelId !== undefined && version > 0,
    placeholderData: keepPreviousData,
  });
}
