/**
 * The catalogue stories' data and API (msw; network mocks live only in stories): offers with
 * their stores, products and funnels, campaigns, served as the real routes serve them
 * (src/server/routes/offers.ts, products.ts, campaigns.ts), with their duplicate and
 * store rules, and a log of the write requests so plays can assert bodies. The offers,
 * products and campaigns stories all use it.
 */
import { http, HttpResponse } from 'msw';
import type { Campaign, Offer, ProductOut, Store } from '../../../src/model';
import { demoCampaign, funnel as storyFunnel } from '../../../tests/fixtures/demo';
import { loggedDelete, storyUser, type Sent } from '../../screens';
import { fieldSorts, mockListAnswer, type MockList } from '../../list-mock';

export const storyStores: Store[] = [
  { ID: 1, name: 'Main store' },
  { ID: 2, name: 'EU store' },
];

export const storyOffers: Offer[] = [
  { ID: 1, offer_id: 10231, ef_offer_id: 512, name: 'GlowSkin Vitamin C Serum', platform: 'sticky', store_id: 1, store: { ID: 1, name: 'Main store' } },
  { ID: 2, offer_id: 20310, ef_offer_id: null, name: 'FlexFit Resistance Bands', platform: '29next', store_id: 2, store: { ID: 2, name: 'EU store' } },
];

/** A product of the story catalogue. */
export const product = (ID: number, offer_id: number, name: string, over: Partial<ProductOut> = {}): ProductOut => ({
  ID,
  product_id: 5000 + ID,
  offer_id,
  name,
  sku: `SKU-${ID}`,
  product_price: 29.95 + ID,
  product_category: 'Skin Care',
  billing_model: 2,
  shipping_id: null,
  shipping: null,
  description: `${name}, the story product`,
  cost_of_goods: 4.5,
  shipping_weight: 0.3,
  max_quantity: 100,
  bundle: null,
  ...over,
});

export const storyProducts: ProductOut[] = [
  product(1, 10231, 'GlowSkin Serum 30ml'),
  product(2, 10231, 'GlowSkin Serum 60ml', { billing_model: 3 }),
  product(3, 20310, 'FlexFit Band Set', { product_category: 'Sports & Fitness' }),
];

/** A campaign of the story catalogue. */
export const campaign = demoCampaign;

export const storyCampaigns: Campaign[] = [
  campaign(1, 12001, { funnel_id: 1, campaign_name: 'GlowSkin US', name: 'GlowSkin US' }),
  campaign(2, 12002, { campaign_name: 'GlowSkin CA', name: 'GlowSkin CA', country_code: 'CA', country: 'CA', regions: ['CA'] }),
];

export const storyFunnels = [{ ID: 1, name: 'GlowSkin Serum Funnel', offer: 10231 }];

/** The offer list's search and sort as the server has them (src/server/routes/offers.ts). */
export const OFFER_MOCK_LIST: MockList<Offer> = {
  sorts: { id: (o) => o.ID, offer_id: (o) => o.offer_id, ef_offer_id: (o) => o.ef_offer_id, name: (o) => o.name, platform: (o) => o.platform },
  id: (o) => o.ID,
  text: (o) => [o.name],
  numbers: (o) => [o.offer_id, o.ef_offer_id],
};

/** `n` more offers (IDs from 101, names "Offer 001 …"), for the paged list. */
export const manyOffers = (n: number): Offer[] =>
  Array.from({ length: n }, (_, i) => ({
    ID: 101 + i,
    offer_id: 30_000 + i,
    ef_offer_id: i % 2 ? 600 + i : null,
    name: `${['Aurora', 'Blossom', 'Cedar', 'Dune'][i % 4]} Offer ${String(i + 1).padStart(3, '0')}`,
    platform: i % 3 ? 'sticky' : '29next',
    store_id: 1,
    store: { ID: 1, name: 'Main store' },
  }));

/** The product list's search and sort as the server has them (src/server/routes/products.ts). */
export const PRODUCT_MOCK_LIST: MockList<ProductOut & { offer: { name: string } | null }> = {
  sorts: {
    ...fieldSorts<ProductOut>({
      product_id: 'product_id',
      name: 'name',
      sku: 'sku',
      price: 'product_price',
      billing: 'billing_model',
      vertical: 'product_category',
    }),
    offer: (p) => p.offer?.name ?? null,
  },
  id: (p) => p.ID,
  text: (p) => [p.name, p.sku],
  numbers: (p) => [p.product_id],
};

/** `n` more products of offer 10231 (IDs from 101, names "… Cream 001"), for the paged list. */
export const manyProducts = (n: number): ProductOut[] =>
  Array.from({ length: n }, (_, i) => product(101 + i, 10231, `${['Aurora', 'Blossom', 'Cedar', 'Dune'][i % 4]} Cream ${String(i + 1).padStart(3, '0')}`));

type Role = 'admin' | 'operator' | 'sticky';

/** The catalogue API signed in as `role`; `sent` collects every write. */
export function catalogHandlers(o: { role?: Role; offers?: Offer[]; products?: ProductOut[]; campaigns?: Campaign[]; sent?: Sent[] } = {}) {
  const { role = 'admin', sent = [] } = o;
  const offers = new Map((o.offers ?? storyOffers).map((x) => [x.ID, { ...x }]));
  const products = new Map((o.products ?? storyProducts).map((x) => [x.ID, { ...x }]));
  const campaigns = new Map((o.campaigns ?? storyCampaigns).map((x) => [x.ID, { ...x }]));
  const bodyOf = async (r: Request) => {
    try {
      return (await r.json()) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
  /** A write's JSON body (none: {}), logged in `sent` with its method and path. */
  const logged = async (method: string, path: string, r: Request) => {
    const b = (await bodyOf(r)) ?? {};
    sent.push({ method, path, body: b });
    return b;
  };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const num = (v: unknown) => (v === '' || v == null ? null : Number(v));
  const storeOf = (id: number | null) => storyStores.find((s) => s.ID === id) ?? null;
  const offerRow = (b: Record<string, unknown>, ID: number): Offer => ({
    ID,
    offer_id: Number(b.offer_id),
    ef_offer_id: num(b.ef_offer_id),
    name: String(b.name),
    platform: b.platform as Offer['platform'],
    store_id: num(b.store_id),
    store: storeOf(num(b.store_id)),
  });
  const dupOffer = (offerId: number, self?: number) => [...offers.values()].some((x) => x.offer_id === offerId && x.ID !== self);
  const nextId = (m: Map<number, unknown>) => Math.max(0, ...m.keys()) + 1;
  const productRow = (b: Record<string, unknown>, ID: number, cur?: ProductOut): ProductOut => ({
    ...(cur ?? product(ID, Number(b.offer_id), String(b.name))),
    offer_id: Number(b.offer_id),
    name: String(b.name),
    sku: String(b.sku),
    description: String(b.description),
    product_price: Number(b.product_price),
    cost_of_goods: Number(b.cost_of_goods),
    shipping_weight: Number(b.shipping_weight),
    max_quantity: Number(b.max_quantity),
    billing_model: Number(b.billing_model),
    product_category: str(b.product_category),
    product_id: num(b.product_id) ?? cur?.product_id ?? 9000 + ID,
  });
  const campaignRow = (b: Record<string, unknown>, ID: number): Campaign =>
    campaign(ID, Number(b.campaign_id), {
      campaign_name: str(b.campaign_name),
      name: str(b.campaign_name),
      country_code: str(b.country_code),
      country: str(b.country_code),
      scrub: !!b.scrub,
      is_scrub: !!b.scrub,
      funnel_id: num(b.funnel_id),
      offer_id: num(b.offer_id),
      description: str(b.description),
      sufix: str(b.sufix),
      regions: (b.regions ?? []) as Campaign['regions'],
      payment_method: str(b.payment_method),
      fulfillment: str(b.fulfillment),
    });
  const campaignTaken = (b: Campaign, self?: number) =>
    [...campaigns.values()].some(
      (c) =>
        c.ID !== self &&
        c.campaign_id === b.campaign_id &&
        (b.funnel_id != null ? c.funnel_id === b.funnel_id : c.funnel_id == null && c.offer_id === b.offer_id),
    );
  const notFound = (what: string) => HttpResponse.json({ message: `${what} not found` }, { status: 404 });
  /**
   * POST /api/v1/<resource> and PUT /api/v1/<resource>/:id on `rows`, each logged: `row(body, ID,
   * current)` makes the row; one `taken(row, ID)` names is refused (409, that message); else it is
   * stored and answered (201 on create). A PUT of a row there is not is 404 ('<What> not found').
   */
  const writes = <R extends { ID: number }>(
    resource: string,
    rows: Map<number, R>,
    what: string,
    row: (b: Record<string, unknown>, ID: number, cur?: R) => R,
    taken: (row: R, self?: number) => string | undefined = () => undefined,
  ) => {
    const save = (r: R, self: number | undefined, status: number) => {
      const refused = taken(r, self);
      if (refused) return HttpResponse.json({ message: refused }, { status: 409 });
      rows.set(r.ID, r);
      return HttpResponse.json(r, { status });
    };
    return [
      http.post(`/api/v1/${resource}`, async ({ request }) => {
        const b = await logged('POST', `/api/v1/${resource}`, request);
        return save(row(b, nextId(rows)), undefined, 201);
      }),
      http.put(`/api/v1/${resource}/:id`, async ({ params, request }) => {
        const id = Number(params.id);
        const b = await logged('PUT', `/api/v1/${resource}/${id}`, request);
        const cur = rows.get(id);
        return cur ? save(row(b, id, cur), id, 200) : notFound(what);
      }),
    ];
  };
  /** DELETE /api/v1/<resource>/:id on `rows`: logged, the row dropped, '<What> deleted' (404 when there is none). */
  const deletes = (resource: string, rows: Map<number, unknown>, what: string) =>
    loggedDelete(resource, sent, (id) => (rows.delete(id) ? HttpResponse.json({ message: `${what} deleted`, ID: id }) : notFound(what)));
  return [
    http.get('/api/v1/me', () =>
      HttpResponse.json({ ...storyUser, role, name: role === 'admin' ? storyUser.name : role === 'operator' ? 'Otto Operator' : 'Sticky Account' }),
    ),
    http.get('/api/v1/stores', () => HttpResponse.json(storyStores)),
    http.get('/api/v1/offers', ({ request }) =>
      mockListAnswer(
        request,
        [...offers.values()].sort((a, b) => a.ID - b.ID),
        OFFER_MOCK_LIST,
      ),
    ),
    http.get('/api/v1/offers/:id/campaigns', ({ params }) => {
      const off = offers.get(Number(params.id));
      return off ? HttpResponse.json([...campaigns.values()].filter((c) => c.offer_id === off.offer_id)) : notFound('Offer');
    }),
    http.get('/api/v1/offers/:id', ({ params }) => {
      const off = offers.get(Number(params.id));
      if (!off) return notFound('Offer');
      return HttpResponse.json({
        ...off,
        products: [...products.values()].filter((p) => p.offer_id === off.offer_id),
        funnels: storyFunnels.filter((f) => f.offer === off.offer_id).map(({ ID, name }) => ({ ID, name })),
      });
    }),
    ...writes('offers', offers, 'Offer', offerRow, (row, self) => (dupOffer(row.offer_id, self) ? `Offer ${row.offer_id} already exists` : undefined)),
    loggedDelete('offers', sent, (id) => {
      const off = offers.get(id);
      if (!off) return notFound('Offer');
      if (storyFunnels.some((f) => f.offer === off.offer_id))
        return HttpResponse.json({ message: `Offer ${off.offer_id} is used by 1 funnel: attach another offer to it first` }, { status: 409 });
      offers.delete(id);
      return HttpResponse.json({ message: 'Offer deleted', ID: id });
    }),
    http.get('/api/v1/products', ({ request }) =>
      mockListAnswer(
        request,
        [...products.values()].map((p) => {
          const off = [...offers.values()].find((x) => x.offer_id === p.offer_id);
          return { ...p, offer: off ? { ID: off.ID, offer_id: off.offer_id, name: off.name } : null };
        }),
        PRODUCT_MOCK_LIST,
      ),
    ),
    http.get('/api/v1/products/:id', ({ params }) => {
      const p = products.get(Number(params.id));
      return p ? HttpResponse.json(p) : notFound('Product');
    }),
    ...writes('products', products, 'Product', productRow),
    deletes('products', products, 'Product'),
    http.get('/api/v1/funnels/:id', ({ params }) => (Number(params.id) === storyFunnel.ID ? HttpResponse.json(storyFunnel) : notFound('Funnel'))),
    http.get('/api/v1/funnels/:id/campaigns', ({ params }) => HttpResponse.json([...campaigns.values()].filter((c) => c.funnel_id === Number(params.id)))),
    http.get('/api/v1/campaigns/:id', ({ params }) => {
      const c = campaigns.get(Number(params.id));
      return c ? HttpResponse.json(c) : notFound('Campaign');
    }),
    http.post('/api/v1/campaigns/camps', async ({ request }) => {
      const b = await logged('POST', '/api/v1/campaigns/camps', request);
      const made = ((b.regions ?? []) as Campaign['regions']).map((r, i) => {
        const row = campaign(nextId(campaigns), 13000 + campaigns.size + i, {
          regions: [r],
          offer_id: num(b.offer_id),
          funnel_id: num(b.funnel_id),
          sufix: String(b.sufix),
          fulfillment: String(b.fulfillment),
        });
        campaigns.set(row.ID, row);
        return row;
      });
      return HttpResponse.json(made, { status: 201 });
    }),
    ...writes('campaigns', campaigns, 'Campaign', campaignRow, (row, self) =>
      campaignTaken(row, self) ? `Campaign ${row.campaign_id} already added` : undefined,
    ),
    deletes('campaigns', campaigns, 'Campaign'),
  ];
}
