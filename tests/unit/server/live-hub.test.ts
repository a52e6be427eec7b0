/**
 * The live hub between processes: two hubs on one real database (in-memory
 * PGlite, its LISTEN/NOTIFY) stand for two API processes. Presence travels as changes and as
 * whole sets split under NOTIFY's 8000-byte limit, so a funnel with many viewers is seen whole
 * by the other process, and a stream hears joins and leaves as `presence-change`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../src/model/live.ts';
import { openDb, type OpenDb } from '../../../src/server/db/index.ts';
import { createLiveHub, PRESENCE_FLUSH_MS, type LiveHub, type LiveSink } from '../../../src/server/live.ts';
import { DEFAULT_LIVE_LIMITS } from '../../../src/server/ops/settings.ts';

let db: OpenDb;
const hubs: LiveHub[] = [];
beforeAll(async () => {
  db = await openDb({ memory: true });
}, 60_000);
afterAll(async () => {
  for (const h of hubs) h.close();
  await db?.close();
});

const hub = async () => {
  const h = await createLiveHub(db.db, db.subscribe, { ...DEFAULT_LIVE_LIMITS, maxPerUser: 1000 });
  hubs.push(h);
  return h;
};
/** A sink that records what it is sent. */
const recorder = () => {
  const got: { event: string; data: unknown }[] = [];
  const sink: LiveSink = {
    send: (bytes) => {
      const m = /^event: (.+)\ndata: (.*)\n\n$/s.exec(new TextDecoder().decode(bytes));
      got.push({ event: m?.[1] ?? '', data: JSON.parse(m?.[2] ?? 'null') });
    },
    close: () => {},
  };
  return { got, sink };
};
const viewer = (i: number): Viewer => ({
  conn: `conn-${i}-${'x'.repeat(30)}`,
  user_id: 1 + (i % 3),
  name: `Operator number ${i}`,
  doc: i % 2 ? `page:${i}` : null,
});

describe('live hub across processes', () => {
  it('shows the other process every viewer (a set of 150, about 13 kB, split under 8000 bytes) and each leave', async () => {
    const a = await hub();
    const leaves = Array.from({ length: 150 }, (_, i) => a.join(7, viewer(i), recorder().sink));
    // A process that starts later asks for the sets (hello) and gets all of them.
    const b = await hub();
    await expect.poll(() => b.viewers(7).length, { timeout: 5000 }).toBe(150);
    const watcher = recorder();
    const leaveB = b.join(7, { conn: 'b-1', user_id: 9, name: 'On B', doc: null }, watcher.sink);
    await expect.poll(() => a.viewers(7).length, { timeout: 5000 }).toBe(151);
    await new Promise((r) => setTimeout(r, PRESENCE_FLUSH_MS * 2));
    const seen = watcher.got.length;
    // Ten leave on A: B's stream hears their connections as gathered changes, not 140 viewers.
    for (const leave of leaves.slice(0, 10)) leave();
    await expect.poll(() => b.viewers(7).length, { timeout: 5000 }).toBe(141);
    await new Promise((r) => setTimeout(r, PRESENCE_FLUSH_MS * 2));
    const changes = watcher.got.slice(seen).filter((g) => g.event === 'presence-change') as { data: { joined: Viewer[]; left: string[] } }[];
    const left = changes.flatMap((c) => c.data.left);
    expect(left).toEqual(expect.arrayContaining(Array.from({ length: 10 }, (_, i) => viewer(i).conn)));
    expect(changes.flatMap((c) => c.data.joined)).toEqual([]);
    expect(watcher.got.slice(seen).map((g) => g.event)).not.toContain('presence');
    leaveB();
    for (const leave of leaves.slice(10)) leave();
    await expect.poll(() => b.viewers(7).length, { timeout: 5000 }).toBe(0);
    await expect.poll(() => a.viewers(7).length, { timeout: 5000 }).toBe(0);
  });
});
