/**
 * The orders stories' data and API (msw; network mocks live only in stories): a deterministic
 * list of orders served as the real route serves it (src/server/routes/orders.ts: limit, page,
 * sort, order and the JSON `filters`, parsed with the model's own parsers; `{rows, total_rows}`),
 * and a log of every query so plays can assert what the screen asked the server for.
 */
import { delay, http, HttpResponse } from 'msw';
import { OrdersQuerySchema, parseOrderFilters, type Order, type OrderFilters } from '../../../src/model';
import { storyUser } from '../../screens';

const METHODS = ['visa', 'mastercard', 'amex', 'discover', 'paypal'] as const;

/** `n` orders, ID 1 (oldest) to n (newest), one every 37 minutes up to 2025-06-30 12:00 UTC. */
export function makeOrders(n: number): Order[] {
  const end = Date.UTC(2025, 5, 30, 12, 0, 0);
  return Array.from({ length: n }, (_, i) => {
    const ID = i + 1;
    return {
      ID,
      CreatedAt: new Date(end - (n - ID) * 37 * 60_000).toISOString(),
      payment_method: METHODS[(ID * 7) % 5] ?? 'visa',
      product_id: 100 + (ID % 6),
      transaction_id: `txn_${((ID * 2654435761) % 4294967296).toString(16).padStart(8, '0')}`,
      ip: `10.${ID % 7}.${(ID * 3) % 256}.${(ID * 11) % 256}`,
      aff_id: String(1000 + (ID % 9)),
      campaign_id: 12001 + ((ID * 5) % 4),
      customer_id: 5000 + ((ID * 13) % 97),
      is_scrub: ID % 10 === 0,
      is_done: ID % 7 !== 0,
    };
  });
}

/** 137 orders: 14 pages of 10, the last with 7. */
export const storyOrders = makeOrders(137);

/** The rows `f` selects, as the server's SQL conditions do. */
function matches(o: Order, f: OrderFilters): boolean {
  for (const key of ['ID', 'payment_method', 'product_id', 'transaction_id', 'ip', 'aff_id', 'campaign_id', 'customer_id', 'is_scrub', 'is_done'] as const) {
    if (f[key] !== undefined && o[key] !== f[key]) return false;
  }
  if (f.from && Date.parse(o.CreatedAt) < Date.parse(f.from)) return false;
  if (f.to && Date.parse(o.CreatedAt) > Date.parse(f.to)) return false;
  return true;
}

/** One page as the server answers `query` (limit, page, sort, order, filters). */
export function answerOf(orders: readonly Order[], query: URLSearchParams): { rows: Order[]; total_rows: number } | { message: string } {
  const q = OrdersQuerySchema.safeParse(Object.fromEntries(query));
  if (!q.success) return { message: q.error.issues[0]?.message ?? 'Invalid query' };
  const f = parseOrderFilters(q.data.filters);
  if (!f) return { message: 'The filters must be a JSON object of column values' };
  const { sort, order, limit, page } = q.data;
  const dir = order === 'asc' ? 1 : -1;
  const cmp = (a: Order, b: Order) => {
    const x = a[sort];
    const y = b[sort];
    const c = x < y ? -1 : x > y ? 1 : 0;
    return (c || a.ID - b.ID) * dir;
  };
  const all = orders.filter((o) => matches(o, f)).sort(cmp);
  return { rows: all.slice((page - 1) * limit, page * limit), total_rows: all.length };
}

/** The API as /orders reads it, signed in as `role`; `asked` collects each orders query string. */
export function ordersHandlers(
  o: {
    role?: 'admin' | 'operator' | 'sticky';
    orders?: Order[];
    asked?: string[];
    status?: number;
    /** Answers only after 4 s (finite, so the page settles after the story). */ hang?: boolean;
  } = {},
) {
  const { role = 'operator', asked = [] } = o;
  const orders = o.orders ?? storyOrders;
  return [
    http.get('/api/v1/me', () =>
      HttpResponse.json({ ...storyUser, role, name: role === 'admin' ? storyUser.name : role === 'sticky' ? 'Sam Sticky' : 'Otto Operator' }),
    ),
    http.get('/api/v1/orders/', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      if (o.hang) await delay(4000);
      if (role === 'sticky') return HttpResponse.json({ message: 'Your role (sticky) may not read orders' }, { status: 403 });
      if (o.status) return HttpResponse.json({ message: 'Database unavailable' }, { status: o.status });
      const a = answerOf(orders, query);
      return 'message' in a ? HttpResponse.json(a, { status: 422 }) : HttpResponse.json(a);
    }),
  ];
}
