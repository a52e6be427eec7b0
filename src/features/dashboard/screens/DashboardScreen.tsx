/** / (001 §2): the dashboard cards from the API in the user's order; a reorder is saved on the server. */
import { useDashboard, useSaveDashboardOrder } from '../api';
import { DashboardCards } from '../components/DashboardCards';
import { useDocumentTitle } from '../../../ui';

/** The Dashboard screen. */
export function DashboardScreen() {
  useDocumentTitle(['Dashboard']);
  const q = useDashboard();
  const save = useSaveDashboardOrder();
  return <DashboardCards items={q.data} loadError={q.error?.message} onReorder={(names) => save.mutate(names)} />;
}
