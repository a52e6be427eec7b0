/**
 * The file storage contract (integrations/storage.ts): put/get/stat/list/delete by key,
 * atomic replace, exclusive create, no partial reads, and keys that cannot leave the storage.
 * `make` returns an empty storage.
 */
import { describe, expect, it } from 'vitest';
import { StorageExistsError, StorageKeyError, type FileStorage } from '../../../src/server/integrations/storage.ts';

/** `n` bytes, all `fill`: two files of one size that differ in every byte. */
const bytesOf = (n: number, fill: number) => new Uint8Array(n).fill(fill);

/** Registers the contract's tests for the storage `make` returns. */
export function fileStorageContract(name: string, make: () => FileStorage | Promise<FileStorage>): void {
  describe(`file storage contract: ${name}`, () => {
    it('stores, reads, lists (one folder, by name), replaces and deletes files', async () => {
      const s = await make();
      // The status check passes on a working storage, empty or not.
      await expect(s.check()).resolves.toBeUndefined();
      const bytes = new Uint8Array([1, 2, 3, 4]);
      await s.put('7/b.png', bytes);
      await s.put('7/a.gif', new Uint8Array([9]));
      await s.put('8/c.png', new Uint8Array([5]));
      expect(await s.get('7/b.png')).toEqual(bytes);
      expect(await s.stat('7/b.png')).toMatchObject({ key: '7/b.png', size: 4 });
      expect((await s.list('7')).map((f) => [f.key, f.size])).toEqual([
        ['7/a.gif', 1],
        ['7/b.png', 4],
      ]);
      await s.put('7/b.png', new Uint8Array([6, 6]));
      expect(await s.get('7/b.png')).toEqual(new Uint8Array([6, 6]));
      expect(await s.delete('7/b.png')).toBe(true);
      expect(await s.delete('7/b.png')).toBe(false);
      expect(await s.get('7/b.png')).toBeNull();
      expect(await s.stat('7/b.png')).toBeNull();
      expect(await s.list('9')).toEqual([]);
    });

    it('creates exclusively: of two concurrent creates of one key exactly one succeeds, and the stored file is whole', async () => {
      const s = await make();
      for (let round = 0; round < 5; round++) {
        const key = `12/race-${round}.png`;
        const [a, b] = [bytesOf(256 * 1024, 1), bytesOf(256 * 1024, 2)];
        const results = await Promise.allSettled([s.create(key, a), s.create(key, b)]);
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(1);
        expect(lost[0]).toBeInstanceOf(StorageExistsError);
        const stored = await s.get(key);
        expect(stored?.length).toBe(a.length);
        expect([a[0], b[0]]).toContain(stored?.[0]);
        expect(stored?.every((x) => x === stored[0])).toBe(true);
      }
      // A create over an existing file changes nothing.
      await s.put('12/kept.png', new Uint8Array([7]));
      await expect(s.create('12/kept.png', new Uint8Array([8]))).rejects.toBeInstanceOf(StorageExistsError);
      expect(await s.get('12/kept.png')).toEqual(new Uint8Array([7]));
    });

    it('never lets a reader see a partly written file: while a create or a replace runs, reads are absent, the old or the new file whole', async () => {
      const s = await make();
      const size = 768 * 1024;
      const seen = new Set<string>();
      const watch = async (key: string, done: () => boolean, allowed: (f: Uint8Array | null) => string | null) => {
        do {
          const f = await s.get(key);
          const what = allowed(f);
          expect(what, `a read of ${key} saw ${f?.length ?? 0} bytes`).not.toBeNull();
          seen.add(what!);
        } while (!done());
      };
      const whole = (fill: number) => (f: Uint8Array | null) => (f && f.length === size && f.every((x) => x === fill) ? `whole ${fill}` : null);
      // Runs `write` while the big file is watched until the write has finished.
      const whileWriting = async (write: () => Promise<unknown>, allowed: (f: Uint8Array | null) => string | null) => {
        let finished = false;
        await Promise.all([write().then(() => (finished = true)), watch('13/big.png', () => finished, allowed)]);
      };
      await whileWriting(
        () => s.create('13/big.png', bytesOf(size, 3)),
        (f) => (f === null ? 'absent' : whole(3)(f)),
      );
      await whileWriting(
        () => s.put('13/big.png', bytesOf(size, 4)),
        (f) => whole(3)(f) ?? whole(4)(f),
      );
      expect(await s.get('13/big.png')).toEqual(bytesOf(size, 4));
      expect(seen.size).toBeGreaterThan(0);
    });

    it('refuses keys that could leave the storage or hide files', async () => {
      const s = await make();
      for (const key of [
        '../x.png',
        '7/../../x.png',
        '/etc/passwd',
        '7//x.png',
        '.hidden',
        '7/.x',
        '',
        '7/x\u0000.png',
        'a\\b.png',
        '7/..',
        `${'a/'.repeat(10)}x`,
      ]) {
        await expect(s.put(key, new Uint8Array([1])), key).rejects.toBeInstanceOf(StorageKeyError);
        await expect(s.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
        await expect(s.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
      }
    });
  });
}
