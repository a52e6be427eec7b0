/**
 * The building blocks of the server's read caches (src/server/cache.ts): a load overtaken by
 * an invalidation is never kept, and shared revision reads always start after the call.
 */
import { describe, expect, it } from 'vitest';
import { DataCaches, GenerationCache, sharedAfterCall } from '../../../src/server/cache.ts';
import { at } from '../../at';

describe('GenerationCache', () => {
  it('does not keep a value whose load a clear overtook, and never hands it to later callers', async () => {
    const cache = new GenerationCache<number, string>();
    let finish!: (v: string) => void;
    const slow = cache.getOrLoad(
      1,
      () =>
        new Promise<string>((r) => {
          finish = r;
        }),
    );
    cache.clear();
    const fresh = cache.getOrLoad(1, () => Promise.resolve('new'));
    finish('old');
    expect(await slow).toBe('old');
    expect(await fresh).toBe('new');
    expect(cache.get(1)).toBe('new');
  });

  it('shares one load between concurrent misses and does not keep a failure', async () => {
    const cache = new GenerationCache<number, string>();
    let loads = 0;
    const load = () => {
      loads++;
      return Promise.resolve('v');
    };
    expect(await Promise.all([cache.getOrLoad(1, load), cache.getOrLoad(1, load)])).toEqual(['v', 'v']);
    expect(loads).toBe(1);
    await expect(cache.getOrLoad(2, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.get(2)).toBeUndefined();
  });
});

describe('DataCaches.observe', () => {
  it('drops a cache when its revision moves on, not for an older or equal one', () => {
    const caches = new DataCaches();
    caches.observe([
      { name: 'funnels', rev: 1 },
      { name: 'users', rev: 1 },
    ]);
    caches.funnels.set(1, { json: '{}', etag: '"1"' }, caches.funnels.mark());
    caches.users.set('k', null, caches.users.mark());
    caches.observe([
      { name: 'funnels', rev: 1 },
      { name: 'users', rev: 0 },
    ]);
    expect(caches.funnels.get(1)).toBeDefined();
    expect(caches.users.get('k')).toBeNull();
    caches.observe([
      { name: 'funnels', rev: 2 },
      { name: 'users', rev: 1 },
    ]);
    expect(caches.funnels.get(1)).toBeUndefined();
    expect(caches.users.get('k')).toBeNull();
  });
});

describe('sharedAfterCall', () => {
  it('gives every caller a run that started after its call, sharing runs between concurrent callers', async () => {
    const starts: number[] = [];
    const ends: (() => void)[] = [];
    const shared = sharedAfterCall(
      () =>
        new Promise<void>((r) => {
          starts.push(starts.length);
          ends.push(r);
        }),
    );
    const a = shared();
    const b = shared();
    const c = shared();
    expect(starts).toHaveLength(1);
    let bDone = false;
    void b.then(() => {
      bDone = true;
    });
    at(ends, 0, 'first call’s end')();
    await a;
    await Promise.resolve();
    expect(bDone).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(starts).toHaveLength(2);
    at(ends, 1, 'second call’s end')();
    await Promise.all([b, c]);
    expect(starts).toHaveLength(2);
  });
});
