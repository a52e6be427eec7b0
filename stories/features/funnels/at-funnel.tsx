/**
 * The funnel page as the app routes it (src/features/funnels/routes.tsx): the `/funnels/:id`
 * layout with each tab a child route, inside the stories' memory router. Route loaders need a
 * data router, so here each tab reads its data on render (the same queries, from the mocked API).
 */
import type { ReactNode } from 'react';
import type { FunnelTab } from '../../../src/model';
import { FunnelScreen } from '../../../src/features/funnels/screens/FunnelScreen';
import { AtTabbedPage } from '../../screens';
import * as analytics from '../../../src/features/funnels/tabs/analytics';
import * as blockers from '../../../src/features/funnels/tabs/blockers';
import * as campaigns from '../../../src/features/funnels/tabs/campaigns';
import * as details from '../../../src/features/funnels/tabs/details';
import * as domains from '../../../src/features/funnels/tabs/domains';
import * as gallery from '../../../src/features/funnels/tabs/gallery';
import * as logs from '../../../src/features/funnels/tabs/logs';
import * as pages from '../../../src/features/funnels/tabs/pages';
import * as pixels from '../../../src/features/funnels/tabs/pixels';
import * as products from '../../../src/features/funnels/tabs/products';
import * as releases from '../../../src/features/funnels/tabs/releases';
import * as scrubs from '../../../src/features/funnels/tabs/scrubs';

const TABS: Record<FunnelTab, { Component: () => ReactNode }> = {
  analytics,
  blockers,
  campaigns,
  details,
  domains,
  gallery,
  logs,
  pages,
  pixels,
  products,
  releases,
  scrubs,
};

/** Opens `url` (`/funnels/{id}/{tab}…`) on the funnel page; `children` render above it (e.g. the editor bar). */
export function AtFunnel({ url, children }: { url: string; children?: ReactNode }) {
  const page = (
    <>
      {children}
      <FunnelScreen />
    </>
  );
  return <AtTabbedPage url={url} path="/funnels/:id" page={page} tabs={TABS} index="pages" />;
}
