/**
 * The one hook where integration calls are counted: each configured provider object is
 * wrapped once, where server.ts builds the integrations, and every method of it that returns a promise adds
 * to `funnel_admin_provider_calls_total{provider, kind, outcome}` when it settles.
 */
import { CatalogCache } from '../integrations/catalog-cache.ts';
import type { Integrations } from '../integrations/index.ts';
import { recordProviderCall } from './metrics.ts';

/**
 * `target` behind a Proxy that counts its asynchronous calls as `provider` (platform, dns,
 * everflow, storage) of implementation `kind`. Methods run on the target itself (private
 * fields work); properties and synchronous methods pass through unchanged.
 */
export function countCalls<T extends object>(provider: string, kind: string, target: T): T {
  return new Proxy(target, {
    get(t, prop) {
      const value: unknown = Reflect.get(t, prop, t);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      return (...args: unknown[]): unknown => {
        const out: unknown = Reflect.apply(value, t, args);
        if (!(out instanceof Promise)) return out;
        return out.then(
          (v: unknown) => {
            recordProviderCall(provider, kind, 'ok');
            return v;
          },
          (e: unknown) => {
            recordProviderCall(provider, kind, 'error');
            throw e;
          },
        );
      };
    },
  });
}

/**
 * `all` with every provider's asynchronous calls counted ({@link countCalls}); the catalog
 * cache is rebuilt on the counted platform so its reads count too.
 */
export function instrumentIntegrations(all: Integrations, platformCacheSeconds: number): Integrations {
  const platform = countCalls('platform', all.platform.kind, all.platform);
  return {
    platform,
    catalog: new CatalogCache(platform, { ttlSeconds: platformCacheSeconds }),
    dns: countCalls('dns', all.dns.kind, all.dns),
    storage: countCalls('storage', all.storage.kind, all.storage),
    everflow: all.everflow ? countCalls('everflow', all.everflow.kind, all.everflow) : null,
  };
}
