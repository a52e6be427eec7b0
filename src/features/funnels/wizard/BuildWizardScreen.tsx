import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../api';
import { notify, useDocumentTitle, Skeleton } from '../../../ui';
import { BuildWizard } from './BuildWizard';
import { buildApi, useWizardChoices } from './wizard-api';

/**
 * /funnels/build (000 §2 "Funnel build wizard"): the wizard with the offers, stores, domains
 * and templates it chooses from. On success it refreshes the funnel list, says so and opens
 * the new funnel's Pages tab.
 */
export function BuildWizardScreen() {
  useDocumentTitle(['Build wizard', 'Funnels']);
  const { choices, loading, error } = useWizardChoices();
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (loading) return <Skeleton label="Loading the build wizard…" variant="lines" />;
  if (error) throw error;
  return (
    <BuildWizard
      {...choices}
      api={buildApi}
      onCancel={() => void navigate('/funnels')}
      onDone={(id, name) => {
        for (const k of [keys.funnels, keys.offers, keys.domains]) void qc.invalidateQueries({ queryKey: k });
        notify.success(`Funnel ${name} created`);
        void navigate(`/funnels/${id}/pages`);
      }}
    />
  );
}
