/**
 * The external systems behind small interfaces (DESIGN.md "API conventions"): the order
 * platform, the DNS provider and file storage, chosen by configuration (ORDER_PLATFORM,
 * DNS_PROVIDER, FILE_STORAGE). The local implementations are the defaults; DNS_PROVIDER=cloudflare
 * selects the Cloudflare client (issue 28). Every provider is checked against the same contract
 * tests (tests/api/contracts.test.ts).
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { LocalDnsProvider, type DnsProvider } from './dns.ts';
import { CloudflareDnsProvider } from './dns-cloudflare.ts';
import { LocalOrderPlatform, type OrderPlatform } from './platform.ts';
import { DirectoryStorage, type FileStorage } from './storage.ts';

export type { DnsProvider } from './dns.ts';
export type { OrderPlatform } from './platform.ts';
export type { FileStorage } from './storage.ts';

/** The integrations the routes use. */
export interface Integrations {
  platform: OrderPlatform;
  dns: DnsProvider;
  storage: FileStorage;
}

/**
 * Builds the configured integrations. `uploadsDir` must be set (server.ts makes a temporary
 * one for in-memory runs).
 * @throws Error naming the setting when a provider is unknown.
 */
export function createIntegrations(config: Config, db: Db): Integrations {
  if (config.orderPlatform !== 'local') throw new Error(`Unknown ORDER_PLATFORM "${config.orderPlatform}": only "local" is built in`);
  if (config.dnsProvider !== 'local' && config.dnsProvider !== 'cloudflare') {
    throw new Error(`Unknown DNS_PROVIDER "${config.dnsProvider}": "local" and "cloudflare" are built in`);
  }
  if (config.dnsProvider === 'cloudflare' && !config.cloudflare) throw new Error('CLOUDFLARE_API_TOKEN is not set: DNS_PROVIDER=cloudflare needs a Cloudflare API token with Zone and DNS edit rights');
  if (config.fileStorage !== 'directory') throw new Error(`Unknown FILE_STORAGE "${config.fileStorage}": only "directory" is built in`);
  if (!config.uploadsDir) throw new Error('UPLOADS_DIR is not set');
  const cf = config.cloudflare;
  const dns = config.dnsProvider === 'cloudflare' && cf
    ? new CloudflareDnsProvider({ apiUrl: cf.apiUrl, apiToken: cf.apiToken.reveal(), accountId: cf.accountId })
    : new LocalDnsProvider(db);
  return { platform: new LocalOrderPlatform(db), dns, storage: new DirectoryStorage(config.uploadsDir) };
}
