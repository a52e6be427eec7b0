/**
 * The shipping stories' data and API (msw; network mocks live only in stories): an in-memory
 * list of shipping methods served as the real routes serve it (src/server/routes/shippings.ts),
 * a store to create and sync from, and a log of the write requests so plays can assert bodies.
 * The store's list carries the sync headers the server sends (X-Synced-At, Last-Modified,
 * X-Order-Platform), its time fixed relative to the story clock so the pictures never change.
 */
import { delay, http, HttpResponse } from 'msw';
import type { Shipping } from '../../../src/model';
import { loggedDelete, storyUser, type Sent } from '../../screens';
import { mockListAnswer, type MockList } from '../../list-mock';

/** Methods as the list holds them, deliberately out of ID order (the screen sorts). */
export const storyShippings: Shipping[] = [
  { ID: 3, name: 'Express', description: 'UPS 2nd Day Air', price: 14.95, shipping_code: 'EXP' },
  { ID: 1, name: 'Standard', description: 'USPS First Class, 3–5 business days', price: 4.95, shipping_code: 'STD' },
  { ID: 2, name: 'Priority', description: 'USPS Priority Mail', price: 8.95, shipping_code: 'PRI' },
];

/** The shipping list's search and sort as the server has them (src/server/routes/shippings.ts). */
const SHIPPING_MOCK_LIST: MockList<Shipping> = {
  sorts: { id: (m) => m.ID, name: (m) => m.name, description: (m) => m.description, price: (m) => m.price, code: (m) => m.shipping_code },
  id: (m) => m.ID,
  text: (m) => [m.name, m.shipping_code],
};

/** `n` more methods (IDs from 101, names "… Freight 001"), for the paged list. */
export const manyShippings = (n: number): Shipping[] =>
  Array.from({ length: n }, (_, i) => ({
    ID: 101 + i,
    name: `${['Aurora', 'Blossom', 'Cedar', 'Dune'][i % 4]} Freight ${String(i + 1).padStart(3, '0')}`,
    description: `Method number ${i + 1}`,
    price: 2 + (i % 7),
    shipping_code: `F${i + 1}`,
  }));

/** The store's catalogue: what create and sync read. */
export const storeShippings: Shipping[] = [
  { ID: 1, name: 'Standard', description: 'USPS First Class, 3–5 business days', price: 4.95, shipping_code: 'STD' },
  { ID: 2, name: 'Priority Mail', description: 'USPS Priority Mail, 1–3 business days', price: 9.5, shipping_code: 'PRI2' },
  { ID: 3, name: 'Express', description: 'UPS 2nd Day Air', price: 14.95, shipping_code: 'EXP' },
  { ID: 6, name: 'Economy', description: 'USPS Media Mail, 8–12 business days', price: 3.95, shipping_code: 'ECO' },
];

/**
 * When the store's list was last read: three minutes before the story clock, which the test runner
 * starts at 2026-03-02T10:00:00Z in every story (.storybook/test-runner.ts FIXED_NOW), so it
 * reads "synced 3 minutes ago" on every run.
 */
export const STORE_SYNCED_AT = '2026-03-02T09:57:00.000Z';
/** A method the store has gained by the time Refresh reads its list again. */
export const newStoreShipping: Shipping = { ID: 7, name: 'Pickup', description: 'Collected at the warehouse', price: 0, shipping_code: 'PICK' };

/**
 * The API as /shipping reads it, signed in as `role`; `sent` collects every write, `refreshes`
 * counts the store reads with `refresh=true` (each is answered after `refreshDelayMs`, read "now",
 * with {@link newStoreShipping} added); `platform` is the X-Order-Platform sent.
 */
export function shippingHandlers(
  o: {
    role?: 'admin' | 'operator';
    shippings?: Shipping[];
    sent?: Sent[];
    refreshes?: { count: number };
    refreshDelayMs?: number;
    platform?: string;
  } = {},
) {
  const { role = 'admin', sent = [], refreshes = { count: 0 }, refreshDelayMs = 0, platform = 'Sticky.io' } = o;
  let syncedAt = STORE_SYNCED_AT;
  let store = storeShippings;
  const rows = new Map((o.shippings ?? storyShippings).map((s) => [s.ID, { ...s }]));
  const fromStore = (id: number) => store.find((s) => s.ID === id);
  const list = () => [...rows.values()].sort((a, b) => a.ID - b.ID);
  const bodyOf = async (r: Request) => {
    try {
      return (await r.json()) as unknown;
    } catch {
      return null;
    }
  };
  return [
    http.get('/api/v1/me', () => HttpResponse.json({ ...storyUser, role, name: role === 'admin' ? storyUser.name : 'Otto Operator' })),
    http.get('/api/v1/shippings', ({ request }) => mockListAnswer(request, list(), SHIPPING_MOCK_LIST)),
    http.get('/api/v1/shippings/store', async ({ request }) => {
      if (new URL(request.url).searchParams.get('refresh') === 'true') {
        refreshes.count += 1;
        if (refreshDelayMs) await delay(refreshDelayMs);
        syncedAt = new Date().toISOString();
        store = [...storeShippings, newStoreShipping];
      }
      return HttpResponse.json(
        store.map((m) => ({ ...m, added: rows.has(m.ID) })),
        {
          headers: { 'X-Synced-At': syncedAt, 'Last-Modified': new Date(syncedAt).toUTCString(), 'X-Order-Platform': platform },
        },
      );
    }),
    http.post('/api/v1/shippings/sync/:id', ({ params }) => {
      const id = Number(params.id);
      sent.push({ method: 'POST', path: `/api/v1/shippings/sync/${id}`, body: null });
      const found = fromStore(id);
      if (!found) return HttpResponse.json({ message: `Shipping ${id} was not found in the store` }, { status: 404 });
      rows.set(id, { ...found });
      return HttpResponse.json(found);
    }),
    http.post('/api/v1/shippings', async ({ request }) => {
      const body = (await bodyOf(request)) as { ID: number };
      sent.push({ method: 'POST', path: '/api/v1/shippings', body });
      if (rows.has(body.ID)) return HttpResponse.json({ message: `Shipping ${body.ID} already added` }, { status: 409 });
      const found = fromStore(body.ID);
      if (!found) return HttpResponse.json({ message: `Shipping ${body.ID} was not found in the store` }, { status: 404 });
      rows.set(found.ID, { ...found });
      return HttpResponse.json(found, { status: 201 });
    }),
    http.put('/api/v1/shippings/:id', async ({ params, request }) => {
      const id = Number(params.id);
      const body = (await bodyOf(request)) as Omit<Shipping, 'ID'>;
      sent.push({ method: 'PUT', path: `/api/v1/shippings/${id}`, body });
      const row = { ID: id, ...body };
      rows.set(id, row);
      return HttpResponse.json(row);
    }),
    loggedDelete('shippings', sent, (id) => {
      rows.delete(id);
      return HttpResponse.json({ message: 'Shipping deleted', ID: id });
    }),
  ];
}
