/**
 * The funnel list's actions on many rows (001 §2 funnel list): the bulk change
 * (`POST /api/v1/funnels/bulk`) and the CSV export of the list as searched, filtered and sorted
 * (`GET /api/v1/funnels.csv`). Loaded with the bulk bar and the export button, not with the list.
 */
import { call, rawRequest, urlOf } from '../../api';
import { FUNNEL_BULK_ROUTES, type FunnelBulkAnswer, type FunnelBulkChange } from '../../model/contracts/funnel-list-actions';
import { saveDownload } from '../../ui/list/ExportCsvButton';
import { writeListState, type FunnelListState } from './list-state';

/**
 * Sends `changes` (with `dryRun`: only asks what they would do).
 * @throws ApiError with the server's sentence (422 for a bad request); nothing is written then.
 */
export function bulkChange(changes: FunnelBulkChange[], dryRun = false): Promise<FunnelBulkAnswer> {
  return call(FUNNEL_BULK_ROUTES.bulk, { body: dryRun ? { changes, dry_run: true } : { changes }, notify: false });
}

/**
 * Downloads the list of `s` (every page) as the server writes it, under the file name it gives.
 * @returns the file name.
 * @throws ApiError with the server's sentence.
 */
export async function downloadFunnelCsv(s: FunnelListState): Promise<string> {
  const query = Object.fromEntries(writeListState(s, false));
  const res = await rawRequest('GET', urlOf(FUNNEL_BULK_ROUTES.export, { query }), { headers: { Accept: 'text/csv' }, notify: false });
  return saveDownload(res, 'funnels.csv');
}
