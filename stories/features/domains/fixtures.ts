/**
 * The domains screen stories' API (msw; network mocks live only in stories): every domain as
 * `GET /api/v1/domains/?all=true` answers, the funnels (names and locks), a domain's DNS
 * records, and the writes as src/server/routes/domains.ts answers them (409 'Domain [name]
 * already added', 422 the seed's messages), with a log of what was sent.
 */
import { http, HttpResponse } from 'msw';
import { can, forbiddenMessage, type DnsRecord, type Domain } from '../../../src/model';
import { DEMO_DNS_RECORDS } from '../../../src/model/demo-records';
import { funnelRow } from '../../../tests/fixtures/demo';
import { loggedDelete, storyUser, type Sent } from '../../screens';
import { mockListAnswer, type MockList } from '../../list-mock';

const base = { funnel_id: null, domain_id: null, parent: null, sync: true, under_attack: false, zone_id: null };
/** The demo's domains, deliberately out of the screen's order. */
export const storyDomains: Domain[] = [
  { ...base, ID: 5, name: 'spring.flexfit-bands.com', funnel_id: 1, domain_id: 2, parent: 'flexfit-bands.com', sync: false },
  { ...base, ID: 1, name: 'glowskin-offer.com', funnel_id: 1, zone_id: 'z-glow' },
  { ...base, ID: 3, name: 'sommer.flexfit-bands.com', funnel_id: 3, domain_id: 2, parent: 'flexfit-bands.com' },
  { ...base, ID: 2, name: 'flexfit-bands.com', zone_id: 'z-flex', under_attack: true },
  { ...base, ID: 4, name: 'purebrite-smile.com', sync: false },
];
const funnels = [
  { ...funnelRow, ID: 1, name: 'GlowSkin Serum', locked: false },
  { ...funnelRow, ID: 3, name: 'FlexFit Summer', locked: true },
];
const records: DnsRecord[] = [DEMO_DNS_RECORDS[0]];

/** The domain list's search and sort as the server has them (a root found by its subdomains' names too). */
const DOMAIN_MOCK_LIST: MockList<Domain> = {
  sorts: { id: (d) => d.ID, name: (d) => d.name, funnel: (d) => funnels.find((f) => f.ID === d.funnel_id)?.name ?? null, dns: (d) => d.sync },
  id: (d) => d.ID,
  text: (d) => [d.name, ...(d.children ?? []).map((c) => c.name)],
};

/** `n` more root domains (IDs from 201), for the paged list. */
export const manyDomains = (n: number): Domain[] =>
  Array.from({ length: n }, (_, i) => ({
    ...base,
    ID: 201 + i,
    name: `${['alpha', 'bravo', 'charlie'][i % 3]}-shop-${String(i + 1).padStart(2, '0')}.com`,
    sync: i % 2 === 0,
  }));

/** The API of /domains, signed in as `role`; `sent` collects every write. */
export function domainsHandlers(o: { role?: 'admin' | 'operator' | 'sticky'; domains?: Domain[]; sent?: Sent[]; fail?: boolean } = {}) {
  const { role = 'operator', sent = [] } = o;
  const rows = new Map((o.domains ?? storyDomains).map((d) => [d.ID, { ...d }]));
  let next = 100;
  const bodyOf = async (r: Request) => {
    try {
      return (await r.json()) as Record<string, unknown>;
    } catch {
      return {};
    }
  };
  return [
    http.get('/api/v1/me', () => HttpResponse.json({ ...storyUser, role })),
    http.get('/api/v1/funnels', () => HttpResponse.json(funnels)),
    http.get('/api/v1/domains/', ({ request }) => {
      if (!can(role, 'domains.read')) return HttpResponse.json({ message: forbiddenMessage(role, 'domains.read') }, { status: 403 });
      if (o.fail) return HttpResponse.json({ message: 'Database unavailable' }, { status: 503 });
      // As the server answers: with all=true every domain, flat; otherwise the roots, each with its subdomains.
      const byName = [...rows.values()].sort((x, y) => x.name.localeCompare(y.name));
      if (new URL(request.url).searchParams.get('all') === 'true') return mockListAnswer(request, byName, DOMAIN_MOCK_LIST);
      const roots = byName.filter((d) => d.domain_id == null).map((d) => ({ ...d, children: byName.filter((c) => c.domain_id === d.ID) }));
      return mockListAnswer(request, roots, DOMAIN_MOCK_LIST);
    }),
    http.get('/api/v1/cloud_flare/domains/list/:id', ({ params }) => {
      const d = rows.get(Number(params.id));
      return HttpResponse.json(records.filter((r) => d && (r.name === d.name || r.name.endsWith(`.${d.name}`))));
    }),
    http.post('/api/v1/domains/', async ({ request }) => {
      const body = await bodyOf(request);
      sent.push({ method: 'POST', path: new URL(request.url).pathname + new URL(request.url).search, body });
      const name = String(body.name);
      if ([...rows.values()].some((d) => d.name === name)) return HttpResponse.json({ message: `Domain ${name} already added` }, { status: 409 });
      const made: Domain = { ...base, ID: next++, name, sync: new URL(request.url).searchParams.get('sync') === 'true' };
      rows.set(made.ID, made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put('/api/v1/domains/:id', async ({ params, request }) => {
      const id = Number(params.id);
      const body = await bodyOf(request);
      sent.push({ method: 'PUT', path: new URL(request.url).pathname + new URL(request.url).search, body });
      const cur = rows.get(id);
      if (!cur) return HttpResponse.json({ message: 'Domain not found' }, { status: 404 });
      const name = typeof body.name === 'string' ? (cur.parent ? `${body.name}.${cur.parent}` : body.name) : cur.name;
      const now = { ...cur, name, under_attack: typeof body.under_attack === 'boolean' ? body.under_attack : cur.under_attack };
      rows.set(id, now);
      return HttpResponse.json(now);
    }),
    loggedDelete('domains', sent, (id) => {
      rows.delete(id);
      for (const d of [...rows.values()]) if (d.domain_id === id) rows.delete(d.ID);
      return HttpResponse.json({ message: 'Domain deleted', ID: id });
    }),
  ];
}
