/**
 * One `randomId()` for ids and Idempotency-Keys: it works on a plain-http intranet
 * host, where `crypto.randomUUID` is missing (no secure context) but `crypto.getRandomValues` is not.
 */
import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomId } from '../../../src/model';
import { createEditorStore, type DocId } from '../../../src/editor';
import { FakeServer } from './fake-server';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PAGE: DocId = 'page:1';

describe('randomId without a secure context (no crypto.randomUUID)', () => {
  beforeEach(() => {
    // What a browser gives a page served over plain http: getRandomValues only.
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView | null>(a: T): T => webcrypto.getRandomValues(a as Uint8Array) as unknown as T });
    expect((globalThis.crypto as Partial<Crypto>).randomUUID).toBeUndefined();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns distinct UUID v4 strings', () => {
    const ids = Array.from({ length: 2000 }, () => randomId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the outbox gives each save a UUID Idempotency-Key (it threw a TypeError before)', async () => {
    const server = new FakeServer({ [PAGE]: { value: { name: 'Checkout', version: 3 }, version: 3 } });
    const store = createEditorStore({ transport: server, now: () => 1_000 });
    const a = store.actions;
    a.load(PAGE, { name: 'Checkout', version: 3 }, 3);
    a.edit(PAGE, 'Rename', (d: { name: string }) => {
      d.name = 'Pay';
    });
    expect((await a.save()).ok).toBe(true);
    a.edit(PAGE, 'Rename', (d: { name: string }) => {
      d.name = 'Pay now';
    });
    expect((await a.save()).ok).toBe(true);
    expect(server.calls).toHaveLength(2);
    const keys = server.calls.map((c) => c.idempotencyKey);
    for (const k of keys) expect(k).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(2);
  });
});
