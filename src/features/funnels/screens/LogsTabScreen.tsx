/**
 * The Logs tab's container (001 §2, §3): the funnel's audit log with Add Note and Delete.
 */
import { LogsTab } from '../components/LogsTab';
import { useAuditLog, useAuditMutations } from '../tabs-api';

/** The Logs tab of funnel `funnelId`. */
export function LogsTabScreen({ funnelId }: { funnelId: number }) {
  const audit = useAuditLog(funnelId);
  const auditM = useAuditMutations(funnelId);
  return <LogsTab entries={audit.data ?? []} onAddNote={(n) => auditM.addNote.mutateAsync(n)} onDelete={(aid) => auditM.remove.mutateAsync(aid)} />;
}
