/**
 * The order-management platform (000 §1, 001 §1: offers, products, campaigns, shipping,
 * stores and categories live there; "ids come from the external store"). A small interface
 * for what the API reads from it or asks it to allocate, and the local implementation that
 * keeps the platform's catalogue in our database (src/server/README.md, integrations).
 */
import { asc, max, sql } from 'drizzle-orm';
import type { Store } from '../../model/catalog.ts';
import { PAGE_TYPES } from '../../model/constants.ts';
import { oneRow, type Db } from '../db/index.ts';
import { auditLogs, campaigns, platformCatalog, products, stores } from '../db/schema.ts';
import { DEFAULT_META, LAYOUT_BY_PAGE_TYPE, type Layout } from '../publish/defaults.ts';
import type { ProviderHealth } from './http-retry.ts';

/** A shipping method of the platform (001 §3 Shipping). */
export interface PlatformShipping {
  ID: number;
  name: string;
  description: string;
  price: number;
  shipping_code: string;
}

/** A category of the platform, by its sticky id (000 §3 Category). */
export interface PlatformCategory {
  sticky_id: number;
  name: string;
  description: string;
}

/** A page template the template host offers (001 §7 template sync). */
export interface PlatformTemplate {
  name: string;
  page_type: (typeof PAGE_TYPES)[number];
  layout: string;
  template_host_url: string;
  meta: Record<string, unknown>;
}

/** A product as the platform is asked to create it (the product form, 001 §5). */
export interface PlatformProductInput {
  name: string;
  description: string;
  sku: string;
  /** Price in the offer's currency. */
  price: number;
  cost_of_goods: number;
  /** Shipping weight (the form's unit). */
  weight: number;
  max_quantity: number;
  /** 001 §9's billing model id (2 One Time Purchase, 3/4/5 subscriptions). */
  billing_model: number;
  /** The vertical ('' for none), matched to a platform category by name. */
  category: string;
  shipping_id: number | null;
  /** For a bundle: its products by platform id and quantity. */
  bundle?: { product_id: number; quantity: number }[];
}

/** A campaign as the platform is asked to create it (one per region, 001 §3). */
export interface PlatformCampaignInput {
  name: string;
  description: string;
  /** ISO 3166-1 alpha-2 code of the region's country. */
  country_code: string;
  payment_method: 'card' | 'paypal';
  shipping_id: number | null;
}

/**
 * What the platform acknowledged for a create: its id, and for the audit log what was sent and
 * the answer's id. `sent` is null when nothing left the building (the local platform).
 */
export interface PlatformCreated {
  id: number;
  sent: { method: string; path: string; body: unknown; answer_id: string } | null;
}

/** Platform kinds as operators read them. */
const PLATFORM_NAMES: Record<string, string> = { sticky: 'Sticky.io', '29next': '29next' };

/** The answers a route that creates at the order platform may give besides its own (for `errors(…)`). */
export const PLATFORM_ERROR_DOCS = {
  502: [
    'Sticky.io refused the request: The sku has already been taken.',
    'Sticky.io is not answering (HTTP 503) after 5 tries',
    '29next refused the request: Product variant with this SKU already exists.',
  ],
  503: [
    'Sticky.io is limiting our requests: paused for 60 s',
    'Sticky.io is not answering: paused for 30 s',
    '29next is limiting our requests: paused for 1 s',
  ],
} as const;

/**
 * The audit row of a change sent to the platform (every change sent out is audited with
 * what was sent and the provider's answer id): a system note naming the call, its JSON body
 * (credentials travel only in headers, never here) and the answer's id. Null when nothing was sent.
 */
export function platformAuditRow(
  kind: string,
  created: PlatformCreated,
  userId: number | null,
  funnelId: number | null = null,
): typeof auditLogs.$inferInsert | null {
  const s = created.sent;
  if (!s) return null;
  const body = JSON.stringify(s.body);
  return {
    type: 'note',
    funnel_id: funnelId,
    title: `Sent to ${platformName(kind)}`,
    user_id: userId,
    message: `${s.method} ${s.path} ${body.length > 2000 ? `${body.slice(0, 2000)}…` : body} → answer id ${s.answer_id}`,
  };
}

/** A platform kind as operators read it ('sticky' → 'Sticky.io'; the local platform as "the local platform"). */
export function platformName(kind: string): string {
  return PLATFORM_NAMES[kind] ?? (kind === 'local' ? 'the local platform' : kind);
}

/**
 * Takes back what was sent to the platform, newest step first. Best effort: a step that fails is
 * logged and the next one still runs; nothing is thrown.
 */
export async function takeBack(steps: readonly (() => Promise<void>)[]): Promise<void> {
  for (const step of [...steps].reverse()) {
    try {
      await step();
    } catch (e) {
      console.warn(`Taking back a change sent to the order platform failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/**
 * Runs `store` (the local write after a change sent to the platform); when it fails, `undo`
 * takes the platform's side back ({@link takeBack}) before the error goes on, so neither side is
 * left half-written.
 */
export async function compensateOnFailure<T>(undo: () => Promise<void>, store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (e) {
    await takeBack([undo]);
    throw e;
  }
}

/**
 * Runs `store` (the local write after a platform create); when it fails, the platform's creates
 * are taken back ({@link OrderPlatform.undoCreates}) before the error goes on, so neither side is
 * left half-written.
 */
export function undoOnFailure<T>(
  platform: OrderPlatform,
  what: 'product' | 'campaign',
  created: PlatformCreated | PlatformCreated[] | null,
  store: () => Promise<T>,
): Promise<T> {
  const sent = [created ?? []].flat().filter((c) => c.sent !== null);
  return compensateOnFailure(
    () =>
      sent.length
        ? platform.undoCreates(
            what,
            sent.map((c) => c.id),
          )
        : Promise.resolve(),
    store,
  );
}

/** The platform interface; a Sticky.io / 29next client implements the same calls. */
export interface OrderPlatform {
  readonly kind: string;
  /** The platform's stores (001 §7 GET /api/v1/stores; ids 1 and 2, 001 §9). */
  stores(): Promise<Store[]>;
  /** A shipping method by the store's id, or null. */
  shipping(id: number): Promise<PlatformShipping | null>;
  /** Every shipping method the store has, by ID (what "Add shipping method" offers). */
  shippings(): Promise<PlatformShipping[]>;
  /** A category by sticky id, or null. */
  category(stickyId: number): Promise<PlatformCategory | null>;
  /** The templates the template host offers (what template sync reads). */
  templates(): Promise<PlatformTemplate[]>;
  /** Allocates `count` new campaign ids (at most 5 digits, 000 §9). @throws Error when exhausted. */
  newCampaignIds(count: number): Promise<number[]>;
  /** Allocates a new product id. */
  newProductId(): Promise<number>;
  /**
   * Creates a product at the platform and answers its id (created there first, stored
   * here only once acknowledged). A retry after a lost answer finds the product by SKU instead of
   * creating it twice. @throws ProviderError (502/503) when the platform refuses or cannot be reached.
   */
  createProduct(p: PlatformProductInput): Promise<PlatformCreated>;
  /**
   * Sends a product's saved fields to the platform (the product form's save, a CSV row that
   * updates), so the price the buyer is charged is the price the operator set. `id` is the
   * platform's product id. @throws ProviderError (502/503) when the platform refuses or cannot be reached.
   */
  updateProduct(id: number, p: PlatformProductInput): Promise<PlatformCreated>;
  /**
   * Optional, for platforms with a product catalogue of their own: the product with platform id
   * `id`, or null — checks an id an operator links by hand. The local platform has none: any id is accepted.
   * @throws ProviderError when the platform cannot be reached.
   */
  product?(id: number): Promise<{ id: number; name: string; sku: string } | null>;
  /**
   * Creates campaigns at the platform, in order, answering their ids (at most 5 digits, 000 §9).
   * @throws ProviderError when the platform refuses or cannot be reached; Error when ids are exhausted.
   */
  createCampaigns(list: PlatformCampaignInput[]): Promise<PlatformCreated[]>;
  /**
   * Takes back creates this process made when what followed failed (a later campaign of the same
   * offer, or storing them here), so nothing is left half-written at the platform.
   * Best effort: never throws; what it could not delete is logged by id.
   */
  undoCreates(what: 'product' | 'campaign', ids: number[]): Promise<void>;
  /** Optional: one cheap call to the platform itself (the Status screen's check; without it the check lists the stores). @throws ProviderError */
  check?(): Promise<void>;
  /** Optional: last error, last sync, pause and rate-limit headroom (platforms that call out; Status screen). */
  health?(): ProviderHealth;
}

/** Highest campaign id the platform hands out (5 digits, 000 §9). */
export const MAX_CAMPAIGN_ID = 99_999;

const TEMPLATE_NAMES: Record<string, string> = {
  presell: 'Standard Presell',
  interstitial: 'Interstitial',
  checkout: 'Standard Checkout',
  upsell1: 'Standard Upsell 1',
  upsell2: 'Standard Upsell 2',
  thankyou: 'Standard Thank You',
  thanksagain: 'Thanks Again',
  warranty: 'Warranty Offer',
};

/** A `platform_catalog` row of kind 'shipping' as the store's method. */
function toPlatformShipping(row: { id: number; data: unknown }): PlatformShipping {
  const d = (row.data ?? {}) as Partial<PlatformShipping>;
  return {
    ID: row.id,
    name: String(d.name ?? ''),
    description: String(d.description ?? ''),
    price: Number(d.price ?? 0),
    shipping_code: String(d.shipping_code ?? ''),
  };
}

/** The local platform: stores, campaigns and products from our tables, the rest from `platform_catalog`. */
export class LocalOrderPlatform implements OrderPlatform {
  readonly kind = 'local';
  constructor(private readonly db: Db) {}

  async stores(): Promise<Store[]> {
    return this.db.select({ ID: stores.ID, name: stores.name }).from(stores).orderBy(asc(stores.ID));
  }

  async shipping(id: number): Promise<PlatformShipping | null> {
    const [row] = await this.db
      .select()
      .from(platformCatalog)
      .where(sql`${platformCatalog.kind} = 'shipping' and ${platformCatalog.id} = ${id}`);
    return row ? toPlatformShipping(row) : null;
  }

  async shippings(): Promise<PlatformShipping[]> {
    const rows = await this.db
      .select()
      .from(platformCatalog)
      .where(sql`${platformCatalog.kind} = 'shipping'`)
      .orderBy(asc(platformCatalog.id));
    return rows.map(toPlatformShipping);
  }

  async category(stickyId: number): Promise<PlatformCategory | null> {
    const [row] = await this.db
      .select()
      .from(platformCatalog)
      .where(sql`${platformCatalog.kind} = 'category' and ${platformCatalog.id} = ${stickyId}`);
    if (!row) return null;
    const d = row.data as Partial<PlatformCategory>;
    return { sticky_id: row.id, name: String(d.name ?? ''), description: String(d.description ?? '') };
  }

  templates(): Promise<PlatformTemplate[]> {
    return Promise.resolve(
      PAGE_TYPES.filter((t) => t !== 'split').map((page_type) => {
        const layout = LAYOUT_BY_PAGE_TYPE[page_type] as Exclude<Layout, 'split'>;
        return {
          name: TEMPLATE_NAMES[page_type] ?? page_type,
          page_type,
          layout,
          template_host_url: `/${page_type}/`,
          meta: structuredClone(DEFAULT_META[layout]),
        };
      }),
    );
  }

  async newCampaignIds(count: number): Promise<number[]> {
    const { top } = oneRow(await this.db.select({ top: max(campaigns.campaign_id) }).from(campaigns), 'max(campaign_id)');
    const first = Math.max(top ?? 0, 10_000) + 1;
    if (first + count - 1 > MAX_CAMPAIGN_ID) throw new Error('The platform has no campaign ids left');
    return Array.from({ length: count }, (_, i) => first + i);
  }

  async newProductId(): Promise<number> {
    const { top } = oneRow(await this.db.select({ top: max(products.product_id) }).from(products), 'max(product_id)');
    return Math.max(top ?? 0, 1000) + 1;
  }

  /** The local platform keeps its catalogue in our tables: the id is allocated, nothing is sent. */
  async createProduct(_p: PlatformProductInput): Promise<PlatformCreated> {
    return { id: await this.newProductId(), sent: null };
  }

  /** Nothing to send: the product is our row. */
  updateProduct(id: number, _p: PlatformProductInput): Promise<PlatformCreated> {
    return Promise.resolve({ id, sent: null });
  }

  async createCampaigns(list: PlatformCampaignInput[]): Promise<PlatformCreated[]> {
    return (await this.newCampaignIds(list.length)).map((id) => ({ id, sent: null }));
  }

  /** Nothing was sent out: nothing to take back. */
  undoCreates(_what: 'product' | 'campaign', _ids: number[]): Promise<void> {
    return Promise.resolve();
  }
}
