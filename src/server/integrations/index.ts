/**
 * The external systems behind small interfaces (DESIGN.md "API conventions"): the order
 * platform, the DNS provider and file storage, chosen by configuration (ORDER_PLATFORM,
 * DNS_PROVIDER, FILE_STORAGE). Only the local implementations are built in; a real provider
 * plugs in here and is checked against the same contract tests (tests/api/contracts.test.ts).
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { LocalDnsProvider, type DnsProvider } from './dns.ts';
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
  if (config.dnsProvider !== 'local') throw new Error(`Unknown DNS_PROVIDER "${config.dnsProvider}": only "local" is built in`);
  if (config.fileStorage !== 'directory') throw new Error(`Unknown FILE_STORAGE "${config.fileStorage}": only "directory" is built in`);
  if (!config.uploadsDir) throw new Error('UPLOADS_DIR is not set');
  return { platform: new LocalOrderPlatform(db), dns: new LocalDnsProvider(db), storage: new DirectoryStorage(config.uploadsDir) };
}
