/**
 * What the remote order platforms (29next, Sticky.io; 000 §1 "external order-management
 * platform") share: the resilient HTTP client, the provider's published rate limit as a sliding
 * window, the log, and the local catalogue for stores and the template host's templates, which
 * neither platform holds.
 */
import type { Store } from '../../model/catalog.ts';
import type { OrderPlatform, PlatformTemplate } from './platform.ts';
import { clockOf, ResilientHttp, SlidingWindow, type ProviderClientOptions } from './http-retry.ts';

/** The rate limit a provider publishes: `limit` requests a `per` (a second or a minute). */
export interface PublishedLimit {
  limit: number;
  per: 'second' | 'minute';
}

/** The base of a remote order platform; `L` is what it takes from the local catalogue. */
export abstract class RemoteOrderPlatform<L extends Pick<OrderPlatform, 'stores' | 'templates'>> {
  protected readonly http: ResilientHttp;
  /** The published limit, kept per key (see {@link throttle}). */
  protected readonly window: SlidingWindow;
  private readonly logTo: ((line: string) => void) | undefined;

  constructor(
    private readonly provider: string,
    protected readonly local: L,
    protected readonly rate: PublishedLimit,
    opts: ProviderClientOptions,
  ) {
    this.http = new ResilientHttp(provider, opts.policy, opts.deps);
    this.window = new SlidingWindow(rate.limit, rate.per === 'second' ? 1000 : 60_000, clockOf(opts.deps));
    this.logTo = opts.deps?.log;
  }

  protected log(line: string): void {
    (this.logTo ?? ((l: string) => console.warn(l)))(line);
  }

  /**
   * Keeps the calls of `key` within the published limit: when that many went out in the last
   * second (minute), waits until the oldest is that old (a retry inside ResilientHttp is not
   * counted). `label` names the call in the log line.
   */
  protected throttle(key: string, label = key): Promise<void> {
    const { limit, per } = this.rate;
    return this.window.take(key, (wait) => this.log(`${this.provider}: ${label} reached ${limit} requests a ${per}; waiting ${wait} ms`));
  }

  stores(): Promise<Store[]> {
    return this.local.stores();
  }

  templates(): Promise<PlatformTemplate[]> {
    return this.local.templates();
  }
}
