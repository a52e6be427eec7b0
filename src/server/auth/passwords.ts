/**
 * Password hashing off the request thread: bcrypt runs in a worker pool
 * (password-worker.ts), so a password guesser slows down sign-ins at worst, not every request.
 */
import type { Piscina } from 'piscina';
import { runTask, workerPool } from '../workers.ts';

/** bcrypt cost of stored passwords (the users' route and the demo seed). */
export const BCRYPT_COST = 10;

/**
 * A bcrypt hash (cost 10) of a password no one has, compared against for an unknown e-mail so
 * that answer takes as long as a wrong password (precomputed: hashing it at start-up would
 * hold the thread ~70 ms).
 */
export const DUMMY_HASH = '$2b$10$QK5BFAQFzjOP3WXdr9qORebvkntvqseFu3l9XKWjWSZLIKKl9tuWC';

let pool: Piscina | null = null;
/**
 * The pool, started on first use (a process that never signs anyone in starts no thread); its
 * one thread stays when idle, so a sign-in never waits for a thread to load.
 */
const passwordPool = (): Piscina => (pool ??= workerPool(new URL('./password-worker.ts', import.meta.url), { maxQueue: 256, keepOne: true }));

/** The bcrypt hash of `password` at `cost` (default {@link BCRYPT_COST}), computed in a worker. @throws WorkerBusyError when 256 hashes already wait. */
export function hashPassword(password: string, cost = BCRYPT_COST): Promise<string> {
  return runTask<string>(passwordPool(), 'hash', { password, cost });
}

/** Whether `password` matches bcrypt `hash`, checked in a worker. @throws WorkerBusyError when 256 checks already wait. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return runTask<boolean>(passwordPool(), 'compare', { password, hash });
}
