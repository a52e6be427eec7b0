/**
 * TanStack Query keys, in one place so a slice's writes invalidate what other slices read
 * (a page save refreshes the funnel's pages and its audit log).
 */
export const keys = {
  me: ['me'] as const,
  health: ['health'] as const,
  /** Every funnel query (the lists and each funnel): invalidate it after a funnel write. */
  funnels: ['funnels'] as const,
  funnelList: (archived: boolean) => ['funnels', 'list', archived ? 'archived' : 'active'] as const,
  funnel: (id: number) => ['funnels', id] as const,
  pages: (funnelId: number) => ['funnels', funnelId, 'pages'] as const,
  page: (id: number) => ['pages', id] as const,
  offers: ['offers'] as const,
  offerProducts: (offerId: number) => ['offers', offerId, 'products'] as const,
  templates: ['templates'] as const,
  audit: (funnelId: number) => ['funnels', funnelId, 'audit'] as const,
  images: (funnelId: number) => ['images', funnelId] as const,
  scrubs: (funnelId: number) => ['funnels', funnelId, 'scrubs'] as const,
  pixels: (funnelId: number) => ['funnels', funnelId, 'pixels'] as const,
  blockers: (funnelId: number) => ['funnels', funnelId, 'blockers'] as const,
  /** The funnel's domains and subdomains (000 §7 `GET /funnels/{id}/domains`). */
  funnelDomains: (funnelId: number) => ['funnels', funnelId, 'domains'] as const,
  /** Every domain and subdomain (the parent choices of the subdomain form); invalidate after any domain write. */
  domains: ['domains'] as const,
  /** A domain's DNS records at the DNS provider (000 §7 `GET /cloud_flare/domains/list/{id}`). */
  dns: (domainId: number) => ['domains', domainId, 'dns'] as const,
  funnelCampaigns: (funnelId: number) => ['funnels', funnelId, 'campaigns'] as const,
  funnelProducts: (funnelId: number) => ['funnels', funnelId, 'products'] as const,
  /** Node positions of the funnel's flow diagram (the `layout:<funnelId>` document). */
  funnelLayout: (funnelId: number) => ['funnels', funnelId, 'layout'] as const,
};
