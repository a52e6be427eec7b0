/**
 * The external-system interfaces' contracts (tests/api/contracts/*) run once against the
 * local implementations — the same tests a real DNS provider, file storage or order
 * platform is checked with.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { OpenDb } from '../../src/server/db/index.ts';
import { LocalDnsProvider } from '../../src/server/integrations/dns.ts';
import { CloudflareDnsProvider } from '../../src/server/integrations/dns-cloudflare.ts';
import { LocalOrderPlatform } from '../../src/server/integrations/platform.ts';
import { StickyOrderPlatform } from '../../src/server/integrations/platform-sticky.ts';
import { NextOrderPlatform } from '../../src/server/integrations/platform-29next.ts';
import { DirectoryStorage } from '../../src/server/integrations/storage.ts';
import { dnsProviderContract } from './contracts/dns.ts';
import { orderPlatformContract } from './contracts/platform.ts';
import { fileStorageContract } from './contracts/storage.ts';
import { startFakeCloudflare, type FakeCloudflare } from '../fakes/cloudflare.ts';
import { startFakeSticky, type FakeSticky } from '../fakes/sticky.ts';
import { startFakeNext, type FakeNext } from '../fakes/29next.ts';
import { openDumpedDb } from '../scripts/pglite-template.ts';

let db: OpenDb;
let cloudflare: FakeCloudflare;
let sticky: FakeSticky;
let next: FakeNext;
const NEXT_TOKEN = 'contract-29next-token-0123456789';
const STICKY_USER = 'contract-api-user';
const STICKY_PASSWORD = 'contract-password-0123456789';
const dirs: string[] = [];
const CF_TOKEN = 'contract-test-token-0123456789abcdefghijkl';
const CF_ACCOUNT = 'abf9b32d38c5f572afde3336ec0ce302';
beforeAll(async () => {
  db = await openDumpedDb({ orders: 0 });
  cloudflare = await startFakeCloudflare({ token: CF_TOKEN, accountId: CF_ACCOUNT });
  sticky = await startFakeSticky({ username: STICKY_USER, password: STICKY_PASSWORD });
  next = await startFakeNext({ token: NEXT_TOKEN });
});
afterAll(async () => {
  // Every request the Cloudflare client sent, and every answer of the fake, matched Cloudflare's schema.
  expect(cloudflare.invalid).toEqual([]);
  await cloudflare?.close();
  // The same for the Sticky.io client against the schema written from Sticky.io's documented examples.
  expect(sticky.invalid).toEqual([]);
  await sticky?.close();
  // The same for the 29next client against the schema trimmed from 29next's published OpenAPI.
  expect(next.invalid).toEqual([]);
  await next?.close();
  await db?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

dnsProviderContract('local (database)', () => new LocalDnsProvider(db.db));
// The real Cloudflare client against the schema-checking fake (tests/fakes/cloudflare.ts).
dnsProviderContract('cloudflare', () => new CloudflareDnsProvider({ apiUrl: cloudflare.url, apiToken: CF_TOKEN, accountId: CF_ACCOUNT }));
fileStorageContract('directory', () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-storage-'));
  dirs.push(d);
  return new DirectoryStorage(d);
});
orderPlatformContract('local (database)', () => new LocalOrderPlatform(db.db));
// The real Sticky.io client against the schema-checking fake seeded with the demo catalogue (tests/fakes/sticky.ts).
orderPlatformContract(
  'sticky',
  () => new StickyOrderPlatform({ apiUrl: sticky.url, username: STICKY_USER, password: STICKY_PASSWORD, local: new LocalOrderPlatform(db.db) }),
);
// The real 29next client against the schema-checking fake seeded with the demo catalogue (tests/fakes/29next.ts).
orderPlatformContract('29next', () => new NextOrderPlatform({ apiUrl: next.url, token: NEXT_TOKEN, local: new LocalOrderPlatform(db.db) }));
