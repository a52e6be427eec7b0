/**
 * Each site's live stamp kept in memory by a process that only serves sites (sites-main.ts),
 * so a page is answered without a round trip to the database: the `releases` rows announce
 * every change on `cache_revisions` at commit (migration 0015), which drops what is kept.
 */
import { GenerationCache } from '../cache.ts';

/** How long a kept stamp may be served without a notification having been seen (ms): the bound if one is ever lost. */
export const LIVE_STAMP_MAX_AGE_MS = 1_000;

/**
 * Live stamps by site, loaded by `load` (null: no live release; kept too, so unknown Hosts do not
 * each cost a query) and dropped by {@link clear} — call it for every `releases` notification
 * and when a dropped LISTEN connection is back — and every `maxAgeMs` in any case. A load that
 * began before a clear is answered but not kept (GenerationCache), so a stamp read before a
 * rollback committed is never served after its notification arrived.
 */
export class LiveStampCache {
  private readonly stamps = new GenerationCache<string, string | null>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly load: (site: string) => Promise<string | null>,
    maxAgeMs: number = LIVE_STAMP_MAX_AGE_MS,
  ) {
    this.timer = setInterval(() => this.clear(), maxAgeMs);
    this.timer.unref();
  }

  /** `site`'s live stamp, from memory when kept. Rejects as `load` does (a database outage). */
  readonly get = (site: string): Promise<string | null> => this.stamps.getOrLoad(site, () => this.load(site));

  /** Drops every kept stamp (a release changed, or notifications may have been missed). */
  clear(): void {
    this.stamps.clear();
  }

  /** Stops the periodic clear. */
  close(): void {
    clearInterval(this.timer);
  }
}
