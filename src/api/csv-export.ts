/**
 * A list's CSV export as its Export CSV button asks for it (src/ui/list/ExportCsvButton): the
 * export route of the list (`/api/v1/offers.csv`, the contract's path with its parameters filled)
 * with the list's query, read as `text/csv`; a refusal rejects with the server's sentence (the
 * button says it), not the client's own toast.
 */
import { listQueryString, type ListQueryValues } from './list';
import { rawRequest } from './client';

/** The `exportCsv` of a paged list (`ListPaging.exportCsv`): its request and the file name to use when the answer names none. */
export const csvExport = (path: string, query: ListQueryValues, fallbackName: string) => ({
  request: () => rawRequest('GET', path + listQueryString(query), { headers: { Accept: 'text/csv' }, notify: false }),
  fallbackName,
});
