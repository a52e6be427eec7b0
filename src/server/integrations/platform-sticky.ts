/**
 * The Sticky.io order platform (000 §1 "sticky"): Sticky.io's REST API v2 over
 * `fetch` with Basic authentication — products (with billing models and bundles), campaigns,
 * shipping methods and categories under `/api/v2/…`. Answers are `{status: "SUCCESS"|"FAILURE",
 * data}`, lists Laravel-style pages (`current_page`, `last_page`, `per_page`, `total`).
 * What an operator creates here is created at Sticky.io first; a create whose answer was lost
 * is looked up (product by SKU, campaign by name) before it is sent again. Sticky.io's refusals
 * and an unreachable, rate-limiting or paused Sticky.io are {@link ProviderError}s (502/503 with
 * the message), so a route writes nothing. Stores and the template host's templates are not
 * Sticky.io's: they come from the local catalogue. The credentials are only in the
 * Authorization header: never in a message, a log line, JSON or `util.inspect`.
 *
 * Sticky.io publishes no OpenAPI: tests/fakes/sticky-openapi.json is written from its
 * documented examples (the Postman collections named there).
 */
import { MAX_CAMPAIGN_ID } from './platform.ts';
import type { OrderPlatform, PlatformCampaignInput, PlatformCategory, PlatformCreated, PlatformProductInput, PlatformShipping } from './platform.ts';
import { parseJson, ProviderError, type ProviderClientOptions, type ProviderHealth } from './http-retry.ts';
import { RemoteOrderPlatform } from './platform-remote.ts';

/** What the client needs: the account's base URL and its API user. */
export interface StickyOptions extends ProviderClientOptions {
  /** e.g. https://myshop.sticky.io (no trailing slash). */
  apiUrl: string;
  username: string;
  password: string;
  /** Where stores and templates come from (the local catalogue). */
  local: Pick<OrderPlatform, 'stores' | 'templates'>;
  /** Requests per minute per method and path kind, Sticky.io's published "Max Requests Per Minute" (default {@link STICKY_PER_MINUTE}). */
  perMinute?: number;
}

/** The provider's name in messages. */
export const STICKY = 'Sticky.io';
/** Sticky.io's documented "Max Requests Per Minute" of its methods. */
export const STICKY_PER_MINUTE = 120;
const PER_PAGE = 200;

interface StickyEnvelope<T> {
  status: 'SUCCESS' | 'FAILURE';
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
  current_page?: number;
  last_page?: number;
}
interface StickyProduct {
  id: number;
  name: string;
  sku: string;
}
interface StickyCampaign {
  id: number;
  name: string;
}
interface StickyShipping {
  id: number;
  name: string;
  description?: string | null;
  code?: string | null;
  initial_amount?: number | string;
}
interface StickyCategory {
  id: number;
  name: string;
  description?: string | null;
}

/** Sticky.io's card brands for a card campaign, PayPal for a PayPal one. */
const CARD_METHODS = ['visa', 'master', 'amex', 'discover'];

/** The Sticky.io order platform. */
export class StickyOrderPlatform extends RemoteOrderPlatform<StickyOptions['local']> implements OrderPlatform {
  readonly kind = 'sticky';
  /** `Basic base64(user:password)`, in a private field: not enumerable, not in JSON or util.inspect output. */
  readonly #auth: string;
  private readonly apiUrl: string;

  constructor(opts: StickyOptions) {
    // Sticky.io's per-minute limit, per `METHOD /path` with ids as `{id}`.
    super(STICKY, opts.local, { limit: opts.perMinute ?? STICKY_PER_MINUTE, per: 'minute' }, opts);
    this.#auth = `Basic ${Buffer.from(`${opts.username}:${opts.password}`).toString('base64')}`;
    this.apiUrl = opts.apiUrl;
  }

  /**
   * One API call: the envelope, or null for a 404 when `nullOn404`.
   * @throws ProviderError for Sticky.io's refusals (its message) and when it cannot be used.
   */
  private async call<T>(
    method: string,
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; recover?: () => Promise<T | null>; nullOn404?: boolean } = {},
  ): Promise<StickyEnvelope<T> | null> {
    await this.throttle(`${method} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`);
    const out = await this.http.sendJson<T>({ method, base: this.apiUrl, path, headers: { authorization: this.#auth }, ...opts });
    if ('recovered' in out) return { status: 'SUCCESS', data: out.recovered };
    const { status, text } = out.answer;
    const parsed = parseJson(text);
    const env = isEnvelope<T>(parsed) ? parsed : null;
    if (!env) {
      throw this.http.malformed(`${method} ${path} answered a malformed body (HTTP ${status})`, `HTTP ${status}`);
    }
    if (status >= 200 && status < 300 && env.status === 'SUCCESS') return env;
    if (status === 404 && opts.nullOn404) return null;
    const detail = Object.values(env.errors ?? {})
      .flat()
      .filter(Boolean)
      .join('; ');
    // Laravel's field errors say what was wrong; its message is the generic "The given data was invalid."
    const message = detail || env.message || `HTTP ${status}`;
    if (status === 401 || status === 403) throw this.http.refusedCredentials('the API user', message);
    throw new ProviderError(STICKY, 'refused', `${STICKY} refused the request: ${message}`);
  }

  /** Every item of a paginated list. */
  private async all<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const env = await this.call<T[]>('GET', path, { query: { ...query, page: String(page), per_page: String(PER_PAGE) } });
      const data = env?.data ?? [];
      out.push(...data);
      if (page >= (env?.last_page ?? 1) || data.length === 0) break;
    }
    return out;
  }

  /** Last error, pause and rate-limit headroom as this client saw them (Status screen). */
  health(): ProviderHealth {
    return this.http.health();
  }

  /** The Status screen's check: one page of one shipping method. @throws ProviderError */
  async check(): Promise<void> {
    await this.call<StickyShipping[]>('GET', '/api/v2/shipping', { query: { page: '1', per_page: '1' } });
  }

  private shippingOut(s: StickyShipping): PlatformShipping {
    return { ID: s.id, name: s.name, description: s.description ?? '', price: Number(s.initial_amount ?? 0), shipping_code: s.code ?? '' };
  }

  async shipping(id: number): Promise<PlatformShipping | null> {
    const env = await this.call<StickyShipping>('GET', `/api/v2/shipping/${id}`, { nullOn404: true });
    return env ? this.shippingOut(env.data) : null;
  }

  async shippings(): Promise<PlatformShipping[]> {
    return (await this.all<StickyShipping>('/api/v2/shipping')).map((s) => this.shippingOut(s)).sort((a, b) => a.ID - b.ID);
  }

  async category(stickyId: number): Promise<PlatformCategory | null> {
    const env = await this.call<StickyCategory>('GET', `/api/v2/categories/${stickyId}`, { nullOn404: true });
    return env ? { sticky_id: env.data.id, name: env.data.name, description: env.data.description ?? '' } : null;
  }

  /** The id the next campaign would likely get (highest at Sticky.io + 1): a preview only, Sticky.io assigns ids on create. */
  async newCampaignIds(count: number): Promise<number[]> {
    const top = Math.max(10_000, ...(await this.all<StickyCampaign>('/api/v2/campaigns')).map((c) => c.id));
    if (top + count > MAX_CAMPAIGN_ID) throw new Error('The platform has no campaign ids left');
    return Array.from({ length: count }, (_, i) => top + 1 + i);
  }

  /** The id the next product would likely get (highest at Sticky.io + 1): a preview only (the CSV upload's first free id). */
  async newProductId(): Promise<number> {
    return Math.max(1000, ...(await this.all<StickyProduct>('/api/v2/products')).map((p) => p.id)) + 1;
  }

  /** Sticky.io's product fields for `p` (create and update send the same names); the vertical becomes the category of that name. */
  private async productBody(p: PlatformProductInput) {
    const categoryId = p.category
      ? (await this.all<StickyCategory>('/api/v2/categories')).find((c) => c.name.toLowerCase() === p.category.toLowerCase())?.id
      : undefined;
    return {
      name: p.name,
      sku: p.sku,
      price: p.price,
      cost_of_goods_sold: p.cost_of_goods,
      description: p.description,
      weight: p.weight,
      max_quantity: p.max_quantity,
      is_shippable: p.shipping_id != null,
      billing_models: [{ id: p.billing_model, is_default: true }],
      ...(categoryId ? { category_id: categoryId } : {}),
      ...(p.bundle ? { is_bundle: true, bundle: { products: p.bundle.map((b) => ({ product_id: b.product_id, quantity: b.quantity })) } } : {}),
    };
  }

  async createProduct(p: PlatformProductInput): Promise<PlatformCreated> {
    const body = await this.productBody(p);
    // A create whose answer was lost is looked up by SKU before it is sent again.
    const recover = async () =>
      (await this.call<StickyProduct[]>('GET', '/api/v2/products', { query: { sku: p.sku } }))?.data.find((x) => x.sku === p.sku) ?? null;
    const env = await this.call<StickyProduct>('POST', '/api/v2/products', { body, recover });
    const id = this.idOf(env?.data, 'product');
    return { id, sent: { method: 'POST', path: '/api/v2/products', body, answer_id: String(id) } };
  }

  /** `PUT /api/v2/products/{id}` with the product's fields (a PUT: a retry after a lost answer changes nothing). */
  async updateProduct(id: number, p: PlatformProductInput): Promise<PlatformCreated> {
    const body = await this.productBody(p);
    const path = `/api/v2/products/${id}`;
    const env = await this.call<StickyProduct>('PUT', path, { body, nullOn404: true });
    if (!env) throw new ProviderError(STICKY, 'refused', `${STICKY} refused the request: product ${id} was not found`);
    return { id, sent: { method: 'PUT', path, body, answer_id: String(this.idOf(env.data, 'product')) } };
  }

  /** `GET /api/v2/products/{id}`: the product, or null when Sticky.io has none with that id. */
  async product(id: number): Promise<{ id: number; name: string; sku: string } | null> {
    const env = await this.call<StickyProduct>('GET', `/api/v2/products/${id}`, { nullOn404: true });
    return env ? { id: env.data.id, name: env.data.name, sku: env.data.sku } : null;
  }

  async createCampaigns(list: PlatformCampaignInput[]): Promise<PlatformCreated[]> {
    const out: PlatformCreated[] = [];
    for (const c of list) {
      const body = {
        name: c.name,
        description: c.description,
        is_active: true,
        countries: [c.country_code],
        payment_methods: c.payment_method === 'paypal' ? ['paypal'] : CARD_METHODS,
        ...(c.shipping_id != null ? { shipping_profiles: [c.shipping_id] } : {}),
      };
      const recover = async () =>
        (await this.call<StickyCampaign[]>('GET', '/api/v2/campaigns', { query: { name: c.name } }))?.data.find((x) => x.name === c.name) ?? null;
      try {
        const env = await this.call<StickyCampaign>('POST', '/api/v2/campaigns', { body, recover });
        const id = this.idOf(env?.data, 'campaign');
        out.push({ id, sent: { method: 'POST', path: '/api/v2/campaigns', body, answer_id: String(id) } });
        if (id > MAX_CAMPAIGN_ID) throw new ProviderError(STICKY, 'malformed', `${STICKY} answered campaign id ${id}: campaign ids have at most 5 digits`);
      } catch (e) {
        // The offer's campaigns are made together or not at all: the ones made already are deleted.
        await this.undoCreates(
          'campaign',
          out.map((o) => o.id),
        );
        throw e;
      }
    }
    return out;
  }

  async undoCreates(what: 'product' | 'campaign', ids: number[]): Promise<void> {
    for (const id of ids) {
      try {
        await this.call('DELETE', `/api/v2/${what}s/${id}`, { nullOn404: true });
      } catch (e) {
        this.http.noteError(`${STICKY}: ${what} ${id} was created but could not be deleted after a failure (${(e as Error).message})`);
        this.log(`${STICKY}: ${what} ${id} was created but could not be deleted after a failure; delete it at Sticky.io`);
      }
    }
  }

  /** The id of a created object. @throws ProviderError when the answer has none. */
  private idOf(data: { id?: unknown } | undefined, what: string): number {
    const id = data?.id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw this.http.malformed(`the ${what} create answered no id`, `no ${what} id`);
    return id;
  }
}

/** Whether `v` is Sticky.io's answer envelope (`status` SUCCESS or FAILURE). */
function isEnvelope<T>(v: unknown): v is StickyEnvelope<T> {
  return typeof v === 'object' && v !== null && 'status' in v && (v.status === 'SUCCESS' || v.status === 'FAILURE');
}
