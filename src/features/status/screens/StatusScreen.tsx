import { useCan } from '../../../api';
import { Skeleton, Stack, styles as s, useDocumentTitle } from '../../../ui';
import { useHealth, useSystemStatus, useTestIntegration } from '../api';
import { IntegrationsTable } from '../components/IntegrationsTable';

/**
 * /status, the operations page (001 §2 header menu "Status"): the API's health line,
 * then each integration — order platform, DNS provider, file storage, sign-in issuer, database,
 * live events — configured or not, reachable, last error, last sync and rate-limit headroom;
 * admins may "Test connection" on each.
 */
export function StatusScreen() {
  useDocumentTitle(['Status']);
  const q = useHealth();
  const status = useSystemStatus();
  const mayTest = useCan('system.test');
  const test = useTestIntegration();
  return (
    <Stack gap="md">
      <h1>Status</h1>
      {q.isLoading ? (
        <p role="status">Checking…</p>
      ) : q.isError ? (
        <p role="alert">The API is not answering: {q.error.message}</p>
      ) : (
        <p>
          API: <span className={`${s.badge} ${s.tone.success}`}>{q.data?.status}</span> · Database: {q.data?.db}
        </p>
      )}
      <h2>Integrations</h2>
      {status.isLoading ? (
        <Skeleton label="Checking the integrations…" rows={6} columns={6} />
      ) : status.isError ? (
        <p role="alert">The integrations could not be checked: {status.error.message}</p>
      ) : (
        <IntegrationsTable rows={status.data ?? []} onTest={mayTest ? test.mutateAsync : undefined} />
      )}
    </Stack>
  );
}
