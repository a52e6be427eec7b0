/**
 * What the order platform owns, read from it through a per-process cache (001 §3 "ids come from
 * the external store"): the store's shipping methods, the list "Add shipping method" offers. For
 * Sticky.io or 29next that list is every page of a rate-limited vendor list (120 a minute, 4 a
 * second), so it is read once per PLATFORM_CACHE_SECONDS and shared: concurrent readers wait for
 * one load, `refresh` reads it again at once, and every answer says when it was read
 * (`synced_at`). A failed reload keeps the last good copy: it is served marked stale with the
 * failure's message (an operator can still pick a method while the platform is briefly down, and
 * is told the list is old); with no good copy the failure is thrown. The local platform is our
 * database: it is read every time, synced now.
 *
 * Reading one method stays live ({@link CatalogCache.shipping}, what create and sync use), and
 * what it answers replaces that method in the cached list, so a sync is never contradicted by an
 * older list.
 */
import { NEXT } from './platform-29next.ts';
import { STICKY } from './platform-sticky.ts';
import type { OrderPlatform, PlatformShipping } from './platform.ts';

/** A list as read from the platform, and when. */
export interface CatalogList<T> {
  /** The platform's items, by ID. */
  items: T[];
  /** ISO 8601 time at which the load that read `items` finished. */
  synced_at: string;
  /** True when reading the platform again failed and `items` are the last good copy. */
  stale: boolean;
  /** Why reading it again failed (the provider's message) when `stale`, else null. */
  error: string | null;
}

/** Options of {@link CatalogCache}. */
export interface CatalogCacheOptions {
  /** Seconds a loaded list is served before it is read again (PLATFORM_CACHE_SECONDS); 0 reads it every time. */
  ttlSeconds: number;
  /** The clock, in ms since the epoch (tests); default Date.now. */
  now?: () => number;
  /** Whether lists are cached; default: for every platform but the local one (our database, read every time). */
  cached?: boolean;
}

/**
 * After a failed reload the stale copy is served without calling out again for this long (at
 * most the TTL): a platform that is down is not asked again by every reader. `refresh` still asks.
 */
export const FAILED_RELOAD_PAUSE_MS = 30_000;

/** The platform as operators name it: 'Sticky.io', '29next', 'the local platform'. */
export function platformName(kind: string): string {
  return kind === 'sticky' ? STICKY : kind === '29next' ? NEXT : kind === 'local' ? 'the local platform' : kind;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e)) || 'The order platform could not be read';

/** One cached list: a TTL, single-flight loads, the last good copy kept through a failure. */
class CachedList<T extends { ID: number }> {
  private good: { items: T[]; at: number } | null = null;
  private failure: { error: unknown; at: number } | null = null;
  private inflight: Promise<{ error: unknown } | null> | null = null;
  /** Items read live while a load was in flight: that load's result takes them too. */
  private notes: Array<{ id: number; item: T | null }> = [];

  constructor(
    private readonly load: () => Promise<T[]>,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  async get(refresh: boolean): Promise<CatalogList<T>> {
    const t = this.now();
    // Since a failed reload (`failure` is cleared by the next good one) the copy is answered as stale.
    if (!refresh && this.good && t - this.good.at < this.ttlMs) return answer(this.good, this.failure?.error ?? null);
    if (!refresh && this.good && this.failure && t - this.failure.at < Math.min(this.ttlMs, FAILED_RELOAD_PAUSE_MS))
      return answer(this.good, this.failure.error);
    // A refresh that meets a load in flight shares it: that load started after the list went out.
    this.inflight ??= this.reload();
    const outcome = await this.inflight;
    if (this.good) return answer(this.good, outcome ? outcome.error : null);
    throw outcome?.error;
  }

  /** `item` (or its absence) as the platform answered it just now replaces the cached one. */
  note(id: number, item: T | null): void {
    if (this.inflight) this.notes.push({ id, item });
    if (this.good) this.good.items = apply(this.good.items, id, item);
  }

  private async reload(): Promise<{ error: unknown } | null> {
    this.notes = [];
    try {
      let items = await this.load();
      for (const n of this.notes) items = apply(items, n.id, n.item);
      this.good = { items, at: this.now() };
      this.failure = null;
      return null;
    } catch (error) {
      this.failure = { error, at: this.now() };
      return { error };
    } finally {
      this.inflight = null;
      this.notes = [];
    }
  }
}

/** The answer of a good copy, stale with `error`'s message when a reload failed since (`error` not null). */
function answer<T>(good: { items: T[]; at: number }, error: unknown): CatalogList<T> {
  return { items: [...good.items], synced_at: new Date(good.at).toISOString(), stale: error !== null, error: error === null ? null : messageOf(error) };
}

/** `items` with `id` replaced by `item` (inserted in ID order; removed when null). */
function apply<T extends { ID: number }>(items: T[], id: number, item: T | null): T[] {
  const rest = items.filter((x) => x.ID !== id);
  return item ? [...rest, item].sort((a, b) => a.ID - b.ID) : rest;
}

/**
 * The order platform's lists through the cache (see the module comment). One per process,
 * built by createIntegrations over the configured platform.
 */
export class CatalogCache {
  /** The platform as operators name it ({@link platformName}). */
  readonly platformName: string;
  private readonly now: () => number;
  /** Null when lists are not cached (the local platform: our database). */
  private readonly shippingList: CachedList<PlatformShipping> | null;

  constructor(
    private readonly platform: OrderPlatform,
    opts: CatalogCacheOptions,
  ) {
    this.platformName = platformName(platform.kind);
    this.now = opts.now ?? Date.now;
    this.shippingList = !(opts.cached ?? platform.kind !== 'local')
      ? null
      : new CachedList(() => platform.shippings(), Math.max(0, opts.ttlSeconds) * 1000, this.now);
  }

  /**
   * The store's shipping methods by ID: the cached copy while it is younger than the TTL, else
   * read again (`refresh`: read again now). A failed read answers the last good copy with
   * `stale: true` and the message.
   * @throws ProviderError (502/503) when the platform cannot be read and no copy was read before.
   */
  async shippings(opts: { refresh?: boolean } = {}): Promise<CatalogList<PlatformShipping>> {
    if (!this.shippingList) return { items: await this.platform.shippings(), synced_at: new Date(this.now()).toISOString(), stale: false, error: null };
    return this.shippingList.get(opts.refresh === true);
  }

  /**
   * The store's shipping method `id` read live (never from the cache: create and sync must see
   * it as it is now), or null when the store has none; the answer replaces it in the cached list.
   * @throws ProviderError (502/503) when the platform cannot be read (the cached list is kept).
   */
  async shipping(id: number): Promise<PlatformShipping | null> {
    const found = await this.platform.shipping(id);
    this.shippingList?.note(id, found);
    return found;
  }
}
