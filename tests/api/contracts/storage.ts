/**
 * The file storage contract (integrations/storage.ts): put/get/stat/list/delete by key,
 * atomic replace, and keys that cannot leave the storage. `make` returns an empty storage.
 */
import { describe, expect, it } from 'vitest';
import { StorageKeyError, type FileStorage } from '../../../src/server/integrations/storage.ts';

/** Registers the contract's tests for the storage `make` returns. */
export function fileStorageContract(name: string, make: () => FileStorage | Promise<FileStorage>): void {
  describe(`file storage contract: ${name}`, () => {
    it('stores, reads, lists (one folder, by name), replaces and deletes files', async () => {
      const s = await make();
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
