/**
 * File storage for uploads (000 §2 image gallery, §5 uploads): a small key/value interface
 * and its default, a directory. Keys are `<folder>/<name>` of safe segments; the directory
 * implementation resolves every key inside its root and refuses anything that would leave it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A stored file's metadata. */
export interface StoredFile {
  key: string;
  size: number;
  modified: Date;
}

/**
 * `mkdir -p` that tolerates a concurrent creator: Node's recursive mkdir can still fail with
 * EEXIST when two uploads create a funnel's directory at the same moment.
 */
async function ensureDir(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !(await fs.stat(dir)).isDirectory()) throw e;
  }
}

/** A key that is not a safe relative path of ours. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'StorageKeyError';
  }
}

/** {@link FileStorage.create} found a file under the key already: nothing was written. */
export class StorageExistsError extends Error {
  constructor(readonly key: string) {
    super(`A file named ${key.slice(key.lastIndexOf('/') + 1)} already exists`);
    this.name = 'StorageExistsError';
  }
}

/** The storage interface; an S3-style bucket implements the same calls. */
export interface FileStorage {
  readonly kind: string;
  /** Writes (or replaces) a file atomically. @throws StorageKeyError. */
  put(key: string, data: Uint8Array): Promise<void>;
  /**
   * Writes a new file atomically and exclusively: of two concurrent creates of one key exactly
   * one succeeds, and a reader never sees a partly written file (an S3-style bucket does it
   * with a conditional write, `If-None-Match: *`).
   * @throws StorageExistsError when the key exists (nothing written); StorageKeyError.
   */
  create(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when absent. @throws StorageKeyError. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** The file's metadata, or null when absent. @throws StorageKeyError. */
  stat(key: string): Promise<StoredFile | null>;
  /** Deletes a file. @returns false when it did not exist. @throws StorageKeyError. */
  delete(key: string): Promise<boolean>;
  /** The files directly inside `folder` (no recursion), by name. @throws StorageKeyError. */
  list(folder: string): Promise<StoredFile[]>;
  /** One cheap proof that the storage answers and can be used (a status check). @throws Error saying what failed. */
  check(): Promise<void>;
}

/** A key segment: letters of any script (with their accents, NFC), digits, `_ . -` (gallery names such as "Größe.png"). */
const SEGMENT = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_.-]{0,199}$/u;

/** True when `name` is one safe key segment (what {@link assertKey} takes between slashes). */
export function isKeySegment(name: string): boolean {
  return SEGMENT.test(name) && !name.includes('..');
}

/** Checks a key: 1–4 segments of letters, digits, `_ . -`, never `..`, no leading dot. */
export function assertKey(key: string, maxSegments = 4): string[] {
  if (typeof key !== 'string' || key.length > 400) throw new StorageKeyError(String(key));
  const parts = key.split('/');
  if (parts.length > maxSegments || parts.some((p) => !SEGMENT.test(p) || p.includes('..'))) throw new StorageKeyError(key);
  return parts;
}

/** Storage in a directory on disk (the default; `UPLOADS_DIR`, else `${DATA_DIR}/uploads`). */
export class DirectoryStorage implements FileStorage {
  readonly kind = 'directory';
  private readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, guaranteed inside the root. */
  private file(key: string): string {
    const parts = assertKey(key);
    const full = path.resolve(this.root, ...parts);
    if (!full.startsWith(this.root + path.sep)) throw new StorageKeyError(key);
    return full;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const file = this.file(key);
    await ensureDir(path.dirname(file));
    const tmp = path.join(path.dirname(file), `.${crypto.randomBytes(6).toString('hex')}.tmp`);
    await fs.writeFile(tmp, data, { flag: 'wx' });
    await fs.rename(tmp, file);
  }

  /**
   * Writes a temporary file, then hard-links it to the key's name: `link(2)` fails with
   * EEXIST when the name is taken (the same exclusivity as `open(O_CREAT|O_EXCL)`, the `wx`
   * flag) and publishes the whole file at once. Where hard links are not supported, the file
   * is created with `wx` directly (exclusive; its bytes appear as they are written).
   */
  async create(key: string, data: Uint8Array): Promise<void> {
    const file = this.file(key);
    await ensureDir(path.dirname(file));
    const tmp = path.join(path.dirname(file), `.${crypto.randomBytes(6).toString('hex')}.tmp`);
    await fs.writeFile(tmp, data, { flag: 'wx' });
    try {
      await fs.link(tmp, file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new StorageExistsError(key);
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw e;
      try {
        await fs.writeFile(file, data, { flag: 'wx' });
      } catch (e2) {
        if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') throw new StorageExistsError(key);
        throw e2;
      }
    } finally {
      await fs.unlink(tmp).catch(() => {});
    }
  }

  async get(key: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const file = this.file(key);
    try {
      const st = await fs.lstat(file);
      if (!st.isFile()) return null;
      return new Uint8Array(await fs.readFile(file));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw e;
    }
  }

  async stat(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    try {
      const st = await fs.lstat(file);
      return st.isFile() ? { key, size: st.size, modified: st.mtime } : null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<boolean> {
    const file = this.file(key);
    try {
      const st = await fs.lstat(file);
      if (!st.isFile()) return false;
      await fs.unlink(file);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
      throw e;
    }
  }

  /** The root is a readable, writable folder, or (before the first upload) its parent is. */
  async check(): Promise<void> {
    const st = await fs.stat(this.root).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (st && !st.isDirectory()) throw new Error('The uploads folder is not a folder');
    await fs.access(st ? this.root : path.dirname(this.root), fs.constants.R_OK | fs.constants.W_OK);
  }

  async list(folder: string): Promise<StoredFile[]> {
    const dir = this.file(folder);
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw e;
    }
    const out: StoredFile[] = [];
    for (const name of names.sort()) {
      if (!SEGMENT.test(name)) continue;
      const st = await fs.lstat(path.join(dir, name));
      if (st.isFile()) out.push({ key: `${folder}/${name}`, size: st.size, modified: st.mtime });
    }
    return out;
  }
}
