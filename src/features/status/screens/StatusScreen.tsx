import { useCan } from '../../../api';
import { Box, HeadingRow, Skeleton, Stack, styles as s, useDocumentTitle } from '../../../ui';
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
    <Stack as="section" gap="md" aria-labelledby="status-title">
      <HeadingRow id="status-title" title="Status" />
      {q.isLoading ? (
        <Box as="p" role="status" margin="none">
          Checking…
        </Box>
      ) : q.isError ? (
        <Box as="p" role="alert" margin="none" className={s.errorText}>
          The API is not answering: {q.error.message}
        </Box>
      ) : (
        <Box as="p" margin="none">
          API: <span className={`${s.badge} ${s.tone.success}`}>{q.data?.status}</span> · Database: {q.data?.db}
        </Box>
      )}
      <Box as="h2" margin="none" marginTop="md">
        Integrations
      </Box>
      {status.isLoading ? (
        <Skeleton label="Checking the integrations…" rows={6} columns={6} />
      ) : status.isError ? (
        <Box as="p" role="alert" margin="none" className={s.errorText}>
          The integrations could not be checked: {status.error.message}
        </Box>
      ) : (
        <IntegrationsTable rows={status.data ?? []} onTest={mayTest ? test.mutateAsync : undefined} />
      )}
    </Stack>
  );
}
