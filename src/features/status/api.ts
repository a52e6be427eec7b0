/** The status slice's queries: `GET /api/health` every 10 s, the integrations' status, and Test connection. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, keys, requestParsed } from '../../api';
import { HealthSchema, SYSTEM_ROUTES, type IntegrationKey, type SystemStatus } from '../../model';

/** `GET /api/health`, parsed. @throws ApiError, AnswerShapeError */
export const fetchHealth = () => requestParsed(HealthSchema, 'GET', '/api/health');

export const useHealth = () => useQuery({ queryKey: keys.health, queryFn: fetchHealth, refetchInterval: 10_000 });

const statusKey = ['system', 'status'] as const;

/** `GET /api/v1/system/status`: one row per integration, parsed. @throws ApiError, AnswerShapeError */
export const fetchSystemStatus = () => call(SYSTEM_ROUTES.status, {});

/** The integrations' status, refreshed every 30 s (each refresh runs the server's checks). */
export const useSystemStatus = () => useQuery({ queryKey: statusKey, queryFn: fetchSystemStatus, refetchInterval: 30_000 });

/** `POST /api/v1/system/status/{key}/test` (admins): that integration checked now. @throws ApiError (403 for other roles) */
export const testIntegration = (key: IntegrationKey) => call(SYSTEM_ROUTES.test, { params: { key } });

/** Test connection: runs one check and puts its fresh row into the status list. */
export function useTestIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: testIntegration,
    onSuccess: (row) => {
      qc.setQueryData<SystemStatus>(statusKey, (old) => old?.map((r) => (r.key === row.key ? row : r)));
    },
  });
}
