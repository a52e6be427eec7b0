/**
 * The external-system interfaces' contracts (tests/api/contracts/*) run once against the
 * local implementations — the same tests a real DNS provider, file storage or order
 * platform is checked with.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDb, type OpenDb } from '../../src/server/db/index.ts';
import { seedDemo } from '../../src/server/db/seed.ts';
import { LocalDnsProvider } from '../../src/server/integrations/dns.ts';
import { LocalOrderPlatform } from '../../src/server/integrations/platform.ts';
import { DirectoryStorage } from '../../src/server/integrations/storage.ts';
import { dnsProviderContract } from './contracts/dns.ts';
import { orderPlatformContract } from './contracts/platform.ts';
import { fileStorageContract } from './contracts/storage.ts';

let db: OpenDb;
const dirs: string[] = [];
beforeAll(async () => {
  db = await openDb({ memory: true });
  await seedDemo(db.db, undefined, { orders: 0 });
});
afterAll(async () => {
  await db?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

dnsProviderContract('local (database)', () => new LocalDnsProvider(db.db));
fileStorageContract('directory', () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'fa-storage-'));
  dirs.push(d);
  return new DirectoryStorage(d);
});
orderPlatformContract('local (database)', () => new LocalOrderPlatform(db.db));
