/**
 * The reads of the funnel page and its tabs as query options (TanStack Query `queryOptions`):
 * one definition used by the tab routes' loaders, which start them while a tab's code loads
 * (src/api prefetch), and by the components, which read them with useQuery under the same keys.
 */
import { queryOptions } from '@tanstack/react-query';
import { keys, sharedReads, templateReads } from '../../api';
import { domainReads } from '../../api/domains';
import { productReads } from '../../api/products';
import { funnelChildReads, funnelReads, releaseReads, releasesKey } from './tabs-api';

/** The funnel page's reads by funnel ID (001 §2 "Funnel page"). */
export const funnelQueries = {
  funnel: (id: number) => queryOptions({ queryKey: keys.funnel(id), queryFn: () => sharedReads.funnel(id) }),
  pages: (id: number) => queryOptions({ queryKey: keys.pages(id), queryFn: () => funnelReads.pages(id) }),
  offers: () => queryOptions({ queryKey: keys.offers, queryFn: sharedReads.offers }),
  templates: () => queryOptions({ queryKey: keys.templates, queryFn: templateReads.templates }),
  layout: (id: number) => queryOptions({ queryKey: keys.funnelLayout(id), queryFn: () => funnelReads.layout(id) }),
  images: (id: number) => queryOptions({ queryKey: keys.images(id), queryFn: () => funnelReads.images(id) }),
  scrubs: (id: number) => queryOptions({ queryKey: keys.scrubs(id), queryFn: () => funnelChildReads.scrubs(id) }),
  pixels: (id: number) => queryOptions({ queryKey: keys.pixels(id), queryFn: () => funnelChildReads.pixels(id) }),
  blockers: (id: number) => queryOptions({ queryKey: keys.blockers(id), queryFn: () => funnelChildReads.blockers(id) }),
  releases: (id: number) => queryOptions({ queryKey: releasesKey(id), queryFn: () => releaseReads.list(id) }),
  domains: (id: number) => queryOptions({ queryKey: keys.funnelDomains(id), queryFn: () => domainReads.funnelDomains(id) }),
  products: (id: number) => queryOptions({ queryKey: keys.funnelProducts(id), queryFn: () => productReads.funnelProducts(id) }),
};
