/**
 * The bcrypt work of sign-in and user changes, run in a worker thread (passwords.ts): bcryptjs
 * is pure JavaScript and takes ~70 ms per hash at cost 10 — on the request thread every other
 * request waited behind it.
 */
import bcrypt from 'bcryptjs';

/** `{ password, cost }` → the bcrypt hash of `password` at `cost`. */
export function hash({ password, cost }: { password: string; cost: number }): string {
  return bcrypt.hashSync(password, cost);
}

/** `{ password, hash }` → whether `password` matches the bcrypt `hash` (false for a malformed hash). */
export function compare({ password, hash }: { password: string; hash: string }): boolean {
  try {
    return bcrypt.compareSync(password, hash);
  } catch {
    return false;
  }
}
