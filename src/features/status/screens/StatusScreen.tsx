import { useHealth } from '../api';
import { useDocumentTitle } from '../../../ui';

/** /status: the API's health, from the header menu's Status entry (001 §2). */
export function StatusScreen() {
  useDocumentTitle(['Status']);
  const q = useHealth();
  return (
    <section>
      <h1>Status</h1>
      {q.isLoading ? <p role="status">Checking…</p> : q.isError ? <p role="alert">The API is not answering: {q.error.message}</p> : (
        <dl><dt>API</dt><dd>{q.data?.status}</dd><dt>Database</dt><dd>{q.data?.db}</dd></dl>
      )}
    </section>
  );
}
