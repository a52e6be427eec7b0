/**
 * The 29next order platform (000 §1 "external order-management platform"): 29next's
 * Admin API over `fetch`, pinned to version {@link NEXT_API_VERSION} by the `X-29Next-Api-Version`
 * header, with the store's access token as a Bearer token. Products (one variant each, carrying
 * the SKU and the price), shipping methods and categories live there; lists are cursor pages
 * (`{next, previous, results}`). What an operator creates here is created at 29next first; a
 * create whose answer was lost is looked up by SKU before it is sent again. 29next's refusals and
 * an unreachable, rate-limiting or paused 29next are {@link ProviderError}s (502/503 with the
 * message), so a route writes nothing. Calls are kept within 29next's published 4 requests a
 * second per token.
 *
 * Campaigns: 29next's Campaigns app holds campaigns and their packages, but its published API
 * (Campaigns API v1) only reads the one campaign whose key it is given and creates carts and
 * orders; campaigns and packages are made in the app. So our campaign ids are allocated like the
 * local platform's (nothing sent), and README's "29next mapping" says how the two line up.
 * Stores and the template host's templates come from the local catalogue. The token is only in
 * the Authorization header: never in a message, a log line, JSON or `util.inspect`.
 *
 * Schema: tests/fakes/29next-openapi.json, trimmed from 29next/developer-docs
 * public/api/admin/2024-04-01.yaml (the commit is named in its header).
 */
import type { OrderPlatform, PlatformCampaignInput, PlatformCategory, PlatformCreated, PlatformProductInput, PlatformShipping } from './platform.ts';
import { parseJson, ProviderError, type ProviderClientOptions, type ProviderHealth } from './http-retry.ts';
import { RemoteOrderPlatform } from './platform-remote.ts';

/** What the client needs: the store's base URL and an Admin API access token. */
export interface NextOptions extends ProviderClientOptions {
  /** e.g. https://mystore.29next.store (no trailing slash; `/api/admin/…` is added). */
  apiUrl: string;
  token: string;
  /** Where stores, templates and campaign ids come from (the local catalogue). */
  local: Pick<OrderPlatform, 'stores' | 'templates' | 'newCampaignIds'>;
  /** Requests per second per token (default {@link NEXT_PER_SECOND}, 29next's published limit). */
  perSecond?: number;
  /** Currency of the prices sent and read (default USD). */
  currency?: string;
}

/** The provider's name in messages. */
export const NEXT = '29next';
/** The Admin API version every request is pinned to (`X-29Next-Api-Version`). */
export const NEXT_API_VERSION = '2024-04-01';
/** 29next's published limit: 4 requests a second per access token (429 with `Retry-After: 1` beyond it). */
export const NEXT_PER_SECOND = 4;

interface NextPage<T> {
  next?: string | null;
  results: T[];
}
interface NextVariant {
  id: number;
  sku?: string | null;
}
interface NextProduct {
  id: number;
  title: string;
  variants?: NextVariant[];
}
interface NextShipping {
  id: number;
  name: string;
  code?: string;
  delivery_time?: string;
  prices: { currency: string; price_per_order?: string }[];
}
interface NextCategory {
  id: number;
  name: string;
  meta_description?: string | null;
}

/** 001 §9's subscription billing models as 29next's interval and count (2 One Time Purchase has none). */
const BILLING_INTERVALS: Record<number, { interval: 'day'; count: number }> = {
  3: { interval: 'day', count: 30 },
  4: { interval: 'day', count: 60 },
  5: { interval: 'day', count: 1 },
};

/** The 29next order platform. */
export class NextOrderPlatform extends RemoteOrderPlatform<NextOptions['local']> implements OrderPlatform {
  readonly kind = '29next';
  /** `Bearer <token>`, in a private field: not enumerable, not in JSON or util.inspect output. */
  readonly #auth: string;
  private readonly apiUrl: string;
  private readonly currency: string;

  constructor(opts: NextOptions) {
    // 29next's 4 requests a second, per token (over all calls).
    super(NEXT, opts.local, { limit: opts.perSecond ?? NEXT_PER_SECOND, per: 'second' }, opts);
    this.#auth = `Bearer ${opts.token}`;
    this.apiUrl = `${opts.apiUrl}/api/admin`;
    this.currency = opts.currency ?? 'USD';
  }

  /**
   * One API call (`path` below /api/admin, ending in "/"): the parsed answer, or null for a 404
   * when `nullOn404` (and for an empty 204).
   * @throws ProviderError for 29next's refusals (its message) and when it cannot be used.
   */
  private async call<T>(
    method: string,
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; recover?: () => Promise<T | null>; nullOn404?: boolean } = {},
  ): Promise<T | null> {
    const label = `${method} ${path}`;
    await this.throttle('', label);
    const headers = { authorization: this.#auth, 'x-29next-api-version': NEXT_API_VERSION };
    const out = await this.http.sendJson<T>({ method, base: this.apiUrl, path, headers, ...opts });
    if ('recovered' in out) return out.recovered;
    const { status, text } = out.answer;
    if (status === 204 && !text) return null;
    const parsed = parseJson(text);
    if (!isAnswer<T>(parsed)) {
      if (status === 404 && opts.nullOn404) return null;
      throw this.http.malformed(`${label} answered a malformed body (HTTP ${status})`, `HTTP ${status}`);
    }
    if (status >= 200 && status < 300) return parsed;
    if (status === 404 && opts.nullOn404) return null;
    const message = refusalOf(parsed) || `HTTP ${status}`;
    if (status === 401 || status === 403) throw this.http.refusedCredentials('the access token', message);
    throw new ProviderError(NEXT, 'refused', `${NEXT} refused the request: ${message}`);
  }

  /** Every item of a cursor-paginated list (follows `next`'s cursor). */
  private async all<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const answer: NextPage<T> | null = await this.call<NextPage<T>>('GET', path, { query: cursor ? { ...query, cursor } : query });
      out.push(...(answer?.results ?? []));
      cursor = answer?.next ? new URL(answer.next).searchParams.get('cursor') : null;
      if (!cursor) break;
    }
    return out;
  }

  /**
   * Last error, pause and rate-limit headroom (Status screen). 29next declares no
   * rate-limit headers, so the headroom is what is left of this second's 4 requests.
   */
  health(): ProviderHealth {
    const h = this.http.health();
    return { ...h, rate_limit: h.rate_limit ?? { remaining: this.window.remaining(), limit: this.rate.limit } };
  }

  /** The Status screen's check: the first page of shipping methods (any token may read them). @throws ProviderError */
  async check(): Promise<void> {
    await this.call<NextPage<NextShipping>>('GET', '/shipping-methods/');
  }

  private shippingOut(s: NextShipping): PlatformShipping {
    const price = s.prices.find((p) => p.currency === this.currency) ?? s.prices[0];
    return { ID: s.id, name: s.name, description: s.delivery_time ?? '', price: Number(price?.price_per_order ?? 0), shipping_code: s.code ?? '' };
  }

  async shipping(id: number): Promise<PlatformShipping | null> {
    const s = await this.call<NextShipping>('GET', `/shipping-methods/${id}/`, { nullOn404: true });
    return s ? this.shippingOut(s) : null;
  }

  async shippings(): Promise<PlatformShipping[]> {
    return (await this.all<NextShipping>('/shipping-methods/')).map((s) => this.shippingOut(s)).sort((a, b) => a.ID - b.ID);
  }

  async category(stickyId: number): Promise<PlatformCategory | null> {
    const c = await this.call<NextCategory>('GET', `/categories/${stickyId}/`, { nullOn404: true });
    return c ? { sticky_id: c.id, name: c.name, description: c.meta_description ?? '' } : null;
  }

  /** Campaign ids are ours: the Campaigns app's campaigns are made in the app (see the file's comment). */
  newCampaignIds(count: number): Promise<number[]> {
    return this.local.newCampaignIds(count);
  }

  /** The id the next product would likely get (highest at 29next + 1): a preview only, 29next assigns ids on create. */
  async newProductId(): Promise<number> {
    return Math.max(1000, ...(await this.all<NextProduct>('/products/')).map((p) => p.id)) + 1;
  }

  /** The product with `sku` at 29next (one of its variants carries it), or null. */
  private async productBySku(sku: string): Promise<NextProduct | null> {
    const page = await this.call<NextPage<NextProduct>>('GET', '/products/', { query: { sku } });
    return page?.results.find((p) => (p.variants ?? []).some((v) => v.sku === sku)) ?? null;
  }

  /**
   * Creates the product with one variant holding its SKU, price (in {@link NextOptions.currency})
   * and cost; a subscription billing model becomes 29next's subscription interval; the vertical
   * files it under the 29next category of that name. A bundle is one product whose contents
   * are the Campaigns app's package quantities. A lost answer is found by SKU, not sent twice.
   */
  async createProduct(p: PlatformProductInput): Promise<PlatformCreated> {
    const { variant, ...fields } = await this.productFields(p);
    const body = { ...fields, is_public: true, variants: [variant] };
    const made = await this.call<NextProduct>('POST', '/products/', { body, recover: () => this.productBySku(p.sku) });
    return { id: this.idOf(made, 'product'), sent: { method: 'POST', path: '/api/admin/products/', body, answer_id: String(this.idOf(made, 'product')) } };
  }

  /**
   * `GET /products/{id}/` for the variant's id, then `PATCH /products/{id}/` (productsPartialUpdate)
   * with the product's fields and that variant's SKU, price and cost. Both are safe to repeat.
   */
  async updateProduct(id: number, p: PlatformProductInput): Promise<PlatformCreated> {
    const cur = await this.call<NextProduct>('GET', `/products/${id}/`, { nullOn404: true });
    if (!cur) throw new ProviderError(NEXT, 'refused', `${NEXT} refused the request: product ${id} was not found`);
    const variantId = cur.variants?.[0]?.id;
    if (typeof variantId !== 'number') throw this.http.malformed(`product ${id} answered no variant`, `product ${id} has no variant`);
    const { variant, ...fields } = await this.productFields(p);
    const body = { ...fields, variants: [{ id: variantId, ...variant }] };
    const made = await this.call<NextProduct>('PATCH', `/products/${id}/`, { body });
    return { id, sent: { method: 'PATCH', path: `/api/admin/products/${id}/`, body, answer_id: String(this.idOf(made, 'product')) } };
  }

  /** `GET /products/{id}/`: the product (its first variant's SKU), or null when 29next has none with that id. */
  async product(id: number): Promise<{ id: number; name: string; sku: string } | null> {
    const p = await this.call<NextProduct>('GET', `/products/${id}/`, { nullOn404: true });
    return p ? { id: p.id, name: p.title, sku: p.variants?.[0]?.sku ?? '' } : null;
  }

  /**
   * The product's fields and its one variant: a subscription billing model becomes 29next's
   * subscription interval; the vertical files it under the 29next category of that name; price in
   * {@link NextOptions.currency}. A bundle is one product whose contents are the Campaigns app's
   * package quantities.
   */
  private async productFields(p: PlatformProductInput) {
    const categoryId = p.category
      ? (await this.all<NextCategory>('/categories/')).find((c) => c.name.toLowerCase() === p.category.toLowerCase())?.id
      : undefined;
    const sub = BILLING_INTERVALS[p.billing_model];
    return {
      title: p.name,
      meta_description: p.description || null,
      ...(categoryId ? { categories: [categoryId] } : {}),
      ...(sub ? { enable_subscription: true, interval: sub.interval, interval_counts: [sub.count] } : { enable_subscription: false }),
      variant: {
        sku: p.sku,
        prices: [{ currency: this.currency, price: p.price.toFixed(2) }],
        unit_cost: p.cost_of_goods.toFixed(2),
        requires_shipping: p.shipping_id != null,
      },
    };
  }

  /** The id of a product answer. @throws ProviderError when it has none. */
  private idOf(made: { id?: unknown } | null, what: string): number {
    const id = made?.id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw this.http.malformed(`the ${what} answer had no id`, `no ${what} id`);
    return id;
  }

  /** Allocates our campaign ids; nothing is sent (29next's Campaigns API cannot create campaigns). */
  async createCampaigns(list: PlatformCampaignInput[]): Promise<PlatformCreated[]> {
    return (await this.local.newCampaignIds(list.length)).map((id) => ({ id, sent: null }));
  }

  async undoCreates(what: 'product' | 'campaign', ids: number[]): Promise<void> {
    if (what !== 'product') return;
    for (const id of ids) {
      try {
        await this.call('DELETE', `/products/${id}/`, { nullOn404: true });
      } catch (e) {
        this.http.noteError(`${NEXT}: product ${id} was created but could not be deleted after a failure (${e instanceof Error ? e.message : String(e)})`);
        this.log(`${NEXT}: product ${id} was created but could not be deleted after a failure; delete it at 29next`);
      }
    }
  }
}

/** A JSON object, taken as 29next's answer of shape T (the schema-checking fake holds 29next's shapes). */
function isAnswer<T>(v: unknown): v is T & Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * 29next's refusal in words: Django REST framework's `{detail}` or its field errors
 * (`{field: [messages]}`, `non_field_errors`), nested variant errors flattened. '' when none.
 */
export function refusalOf(body: Record<string, unknown>): string {
  if (typeof body.detail === 'string') return body.detail;
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(body);
  return out.filter(Boolean).join('; ');
}
