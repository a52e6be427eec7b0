/**
 * What the tests of the real order platforms (Sticky.io, 29next) share: the refusal of a
 * malformed credential, the product a client
 * test creates, the product form the API tests post, a clock the rate-limit tests move by hand,
 * the audit note a call to the platform leaves, and the shipping and category reads.
 */
import { desc } from 'drizzle-orm';
import { expect } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { auditLogs } from '../../src/server/db/schema.ts';
import type { TestServer } from './helpers.ts';
import { thrown } from './provider-harness.ts';

/**
 * Checks that the configuration refuses `env` with `name` set to `value` as malformed, naming
 * the variable but never showing the value (a credential's text must not reach a log).
 */
export function expectMalformedUnshown(env: Record<string, string>, name: string, value: string) {
  const message = thrown(() => loadConfig({ ...env, [name]: value }));
  expect(message).toMatch(new RegExp(`^${name} is malformed`));
  expect(message).not.toContain(value);
}

/** A new SKU with `prefix` (unique per call, so a test never meets another's product). */
export const newSku = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

/** The product a client test creates at the platform with SKU `sku` and billing model `billing`. */
export const clientProduct = (sku: string, billing = 2) => ({
  name: 'Client Serum',
  description: 'From the client test',
  sku,
  price: 24.5,
  cost_of_goods: 4,
  weight: 0.1,
  max_quantity: 10,
  billing_model: billing,
  category: 'Hair',
  shipping_id: 2,
});

/**
 * The product form of offer `offer_id` the API tests post, named `name` and described by
 * `description`.
 * @returns a form for a given SKU.
 */
export const productForm =
  ({ offer_id, name, description }: { offer_id: number; name: string; description: string }) =>
  (sku: string) => ({
    offer_id,
    name,
    description,
    sku,
    cost_of_goods: 5,
    product_price: 29.99,
    shipping_weight: 0.2,
    billing_model: 2,
    product_category: 'Skin Care',
    shipping_id: 1,
  });

/**
 * A clock that starts at `start` and moves only when told (`advance`) or when the client waits:
 * each wait is recorded in `waits` and moves the clock by as much. `deps` go to the client; its
 * log lines go to `logs`.
 */
export function handClock(start: number, logs: string[]) {
  let clock = start;
  const waits: number[] = [];
  return {
    waits,
    advance: (ms: number) => {
      clock += ms;
    },
    deps: {
      now: () => clock,
      sleep: (ms: number) => {
        waits.push(ms);
        clock += ms;
        return Promise.resolve();
      },
      log: (l: string) => {
        logs.push(l);
      },
    },
  };
}

/** The newest audit row of `t`'s database (the note of the last call sent to the platform). */
export async function lastAuditNote(t: TestServer) {
  const [note] = await t.server.db.db.select().from(auditLogs).orderBy(desc(auditLogs.ID)).limit(1);
  return note;
}

/**
 * Syncs shipping 5 and imports category 106 through `t`'s API and checks both were read from
 * the platform: `requests` (the fake's log) holds `reads.shipping` and `reads.category`; an
 * unknown shipping (77) is a 404.
 */
export async function expectCatalogReads(t: TestServer, requests: readonly string[], reads: { shipping: string; category: string }) {
  const sync = await t.api('POST', '/api/v1/shippings/sync/5');
  expect(sync.status).toBe(200);
  expect(sync.body).toMatchObject({ ID: 5, name: 'Overnight', price: 29.95 });
  expect(requests).toContain(reads.shipping);
  const missing = await t.api('POST', '/api/v1/shippings/sync/77');
  expect(missing.status).toBe(404);
  const imported = await t.api('POST', '/api/v1/categories/import', { body: { sticky_id: 106 } });
  expect(imported.status).toBe(201);
  expect(imported.body).toMatchObject({ sticky_id: 106, name: 'Hair' });
  expect(requests).toContain(reads.category);
}
