/** The Block User tab (001 §3 blockers, §7; 000 §3 Block form). */
import { BlockersTab, blockerName } from '../components/BlockersTab';
import { funnelQueries } from '../tab-queries';
import { useBlockerMutations } from '../tabs-api';
import { recordHandlers } from './context';
import { readTab } from './read-tab';

/** /funnels/{id}/blockers. */
export const { loader, Component } = readTab(funnelQueries.blockers, useBlockerMutations, 'blocked users', (blockers, locked, blockerM) => (
  <BlockersTab blockers={blockers} locked={locked} {...recordHandlers(blockerM, blockerName)} />
));
