/** The Scrubs tab (001 §3 scrubs, §7). */
import { scrubName } from '../../../ui/catalog/ScrubForm';
import { ScrubsTab } from '../components/ScrubsTab';
import { funnelQueries } from '../tab-queries';
import { useScrubMutations } from '../tabs-api';
import { recordHandlers } from './context';
import { readTab } from './read-tab';

/** /funnels/{id}/scrubs. */
export const { loader, Component } = readTab(funnelQueries.scrubs, useScrubMutations, 'scrubs', (scrubs, locked, scrubM) => (
  <ScrubsTab scrubs={scrubs} locked={locked} {...recordHandlers(scrubM, scrubName)} />
));
