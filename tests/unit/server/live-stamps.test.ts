/**
 * The sites server's live stamps in memory (src/server/publish/live-stamps.ts): one load per
 * site until a release change is announced, nothing loaded before a clear kept after it, and
 * a bound on how long a stamp is kept if an announcement is ever missed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveStampCache } from '../../../src/server/publish/live-stamps.ts';

/** A `load` over a table of live rows, counting its calls; `gate` holds loads until released. */
function rows(initial: Record<string, string | null>) {
  const live = { ...initial };
  const loads: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  return {
    live,
    loads,
    hold(): () => void {
      let release = () => {};
      gate = new Promise((r) => (release = r));
      return release;
    },
    load: async (site: string) => {
      loads.push(site);
      const value = live[site] ?? null;
      await gate;
      return value;
    },
  };
}

const caches: LiveStampCache[] = [];
const cacheOf = (load: (site: string) => Promise<string | null>, maxAgeMs?: number) => {
  const c = new LiveStampCache(load, maxAgeMs);
  caches.push(c);
  return c;
};
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
  vi.useRealTimers();
});

describe('LiveStampCache', () => {
  it('loads each site once for many pages, and unknown sites (no live release) once too', async () => {
    const db = rows({ 'a.example': '20260101000000' });
    const stamps = cacheOf(db.load);
    for (let i = 0; i < 200; i++) expect(await stamps.get('a.example')).toBe('20260101000000');
    for (let i = 0; i < 50; i++) expect(await stamps.get('nobody.example')).toBeNull();
    expect(db.loads).toEqual(['a.example', 'nobody.example']);
  });

  it('shares one load between requests that arrive together', async () => {
    const db = rows({ 'a.example': 's1' });
    const release = db.hold();
    const stamps = cacheOf(db.load);
    const together = Promise.all(Array.from({ length: 20 }, () => stamps.get('a.example')));
    release();
    expect(await together).toEqual(Array(20).fill('s1'));
    expect(db.loads).toHaveLength(1);
  });

  it('reads the row again after a release change is announced (clear)', async () => {
    const db = rows({ 'a.example': 's1' });
    const stamps = cacheOf(db.load);
    expect(await stamps.get('a.example')).toBe('s1');
    db.live['a.example'] = 's2';
    expect(await stamps.get('a.example')).toBe('s1');
    stamps.clear();
    expect(await stamps.get('a.example')).toBe('s2');
  });

  it('never keeps a stamp read before a rollback whose announcement came while it was read', async () => {
    const db = rows({ 'a.example': 's2' });
    const release = db.hold();
    const stamps = cacheOf(db.load);
    const inFlight = stamps.get('a.example');
    // The rollback commits and is announced while the first read is still on its way.
    db.live['a.example'] = 's1';
    stamps.clear();
    release();
    expect(await inFlight).toBe('s2');
    // That answer was not kept: the next page reads the row and serves the rolled-back release.
    expect(await stamps.get('a.example')).toBe('s1');
    expect(db.loads).toHaveLength(2);
  });

  it('drops what it keeps every maxAgeMs even when no announcement comes', async () => {
    vi.useFakeTimers();
    const db = rows({ 'a.example': 's1' });
    const stamps = cacheOf(db.load, 1_000);
    expect(await stamps.get('a.example')).toBe('s1');
    db.live['a.example'] = 's2';
    await vi.advanceTimersByTimeAsync(999);
    expect(await stamps.get('a.example')).toBe('s1');
    await vi.advanceTimersByTimeAsync(1);
    expect(await stamps.get('a.example')).toBe('s2');
  });

  it('keeps no failed load: an outage answers each request with its error, and the next read after it succeeds', async () => {
    let down = true;
    const stamps = cacheOf(() => (down ? Promise.reject(new Error('Database unavailable')) : Promise.resolve('s1')));
    await expect(stamps.get('a.example')).rejects.toThrow('Database unavailable');
    down = false;
    expect(await stamps.get('a.example')).toBe('s1');
  });
});
