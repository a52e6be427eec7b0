/**
 * Limits on password sign-ins at the embedded issuer's login page (no limit let one
 * client try 12.9 passwords a second, and the right one still worked after 455 failures).
 *
 * - Per account: {@link ACCOUNT_LIMIT} failed attempts in a row (within 15 minutes) lock the
 *   e-mail for 15 minutes — every attempt is refused then, the right password too — and its
 *   owner is shown the lock at their next successful sign-in ({@link takeNotice}). E-mails
 *   without an account are counted alike, so a refusal never tells which e-mails exist.
 * - Per client address: {@link ADDRESS_LIMIT} failed attempts within 15 minutes, whatever the
 *   accounts, block that address for 15 minutes (IPv6 counted by /64).
 *
 * Counters live in the database (`sign_in_attempts`, `sign_in_notices`), updated by single
 * atomic statements, so several API processes on one database share them. An attempt counts
 * when it starts and a success gives its count back: only failures add up, and concurrent
 * guesses cannot slip past a limit while their passwords are being checked.
 */
import ipaddr from 'ipaddr.js';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { signInAttempts, signInNotices, users } from '../db/schema.ts';

/** A limit: this many attempts within `windowMs` lock the key for `lockMs`. */
export interface Limit {
  attempts: number;
  windowMs: number;
  lockMs: number;
}

/** Failed sign-ins in a row to one account before it is locked (for 15 minutes). */
export const ACCOUNT_LIMIT: Limit = { attempts: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
/** Failed sign-ins from one address, whatever the accounts, before it is blocked (for 15 minutes). */
export const ADDRESS_LIMIT: Limit = { attempts: 20, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** The keys one attempt counts under. */
export interface AttemptKeys {
  account: string;
  address: string;
  /** The client address as shown to the account owner. */
  shownAddress: string;
}

/**
 * The keys of a sign-in with `email` from `address` (the socket's, or the proxy's last
 * X-Forwarded-For hop): IPv4-mapped IPv6 as IPv4, other IPv6 by its /64 (one host has them all).
 */
export function attemptKeys(email: string, address: string): AttemptKeys {
  let shown = address || 'unknown';
  let counted = shown;
  if (ipaddr.isValid(shown)) {
    const ip = ipaddr.process(shown);
    shown = ip.toString();
    counted = ip.kind() === 'ipv6' ? `${(ip as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64` : shown;
  }
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${counted}`, shownAddress: shown };
}

/** One key's state after an attempt was counted, with the database's clock (several processes, one clock). */
interface Counted {
  attempts: number;
  window_start: Date;
  locked_until: Date | null;
  now: Date;
}

/** Counts one attempt under `key`: a lapsed window (or ended lock) starts again at 1. */
async function count(db: Db, key: string, limit: Limit): Promise<Counted> {
  // The row's window is over: its lock ended, or it was never locked and its window passed.
  const lapsed = sql`coalesce(${signInAttempts.locked_until}, ${signInAttempts.window_start} + make_interval(secs => ${limit.windowMs / 1000})) <= now()`;
  const [row] = await db
    .insert(signInAttempts)
    .values({ key, attempts: 1, window_start: sql`now()` })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        attempts: sql`case when ${lapsed} then 1 else ${signInAttempts.attempts} + 1 end`,
        window_start: sql`case when ${lapsed} then now() else ${signInAttempts.window_start} end`,
        locked_until: sql`case when ${lapsed} then null else ${signInAttempts.locked_until} end`,
      },
    })
    .returning({
      attempts: signInAttempts.attempts,
      window_start: signInAttempts.window_start,
      locked_until: signInAttempts.locked_until,
      now: sql`now()`.mapWith(signInAttempts.window_start),
    });
  if (!row) throw new Error(`sign_in_attempts: no row for ${key}`);
  return row;
}

/** Seconds until `key` may try again, when this attempt is refused; else null. */
function refusedFor(c: Counted, limit: Limit): number | null {
  const now = c.now.getTime();
  const until = c.locked_until?.getTime() ?? (c.attempts > limit.attempts ? c.window_start.getTime() + limit.windowMs : null);
  return until !== null && until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : null;
}

/** Whether an attempt may check its password, or how long until it may try again. */
export type AttemptGate = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Counts an attempt under the account and the address before its password is checked.
 * @returns ok, or refused with the seconds until the later of the two ends (the `Retry-After`).
 * A refused attempt checks no password, so it gives its counts back (a locked-out owner trying
 * again does not block their office's address); on a locked account of a user it adds to that
 * user's notice.
 */
export async function beginAttempt(db: Db, keys: AttemptKeys): Promise<AttemptGate> {
  const account = await count(db, keys.account, ACCOUNT_LIMIT);
  const address = await count(db, keys.address, ADDRESS_LIMIT);
  const wait = Math.max(refusedFor(account, ACCOUNT_LIMIT) ?? 0, refusedFor(address, ADDRESS_LIMIT) ?? 0);
  if (wait === 0) return { ok: true };
  await attemptEnded(db, keys, false);
  if (account.locked_until) {
    await db
      .update(signInNotices)
      .set({ failures: sql`${signInNotices.failures} + 1`, last_at: sql`now()`, last_address: keys.shownAddress })
      .where(eq(signInNotices.user_id, sql`(select ${users.user_id} from ${users} where lower(${users.email}) = ${keys.account.slice('account:'.length)})`));
  }
  return { ok: false, retryAfterSeconds: wait };
}

/**
 * Records that the attempt's password was wrong (or its e-mail unknown): a key whose count
 * reached its limit is locked for its lock time; a newly locked account of a user gets a
 * notice for its owner. @returns whether this failure locked the account.
 */
export async function attemptFailed(db: Db, keys: AttemptKeys): Promise<boolean> {
  const lock = (key: string, limit: Limit) =>
    db
      .update(signInAttempts)
      .set({ locked_until: sql`now() + make_interval(secs => ${limit.lockMs / 1000})` })
      .where(
        and(
          eq(signInAttempts.key, key),
          sql`${signInAttempts.attempts} >= ${limit.attempts}`,
          or(isNull(signInAttempts.locked_until), lte(signInAttempts.locked_until, sql`now()`)),
        ),
      )
      .returning({ attempts: signInAttempts.attempts, window_start: signInAttempts.window_start, locked_until: signInAttempts.locked_until });
  await lock(keys.address, ADDRESS_LIMIT);
  const [locked] = await lock(keys.account, ACCOUNT_LIMIT);
  if (!locked?.locked_until) return false;
  const email = keys.account.slice('account:'.length);
  const [user] = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (user) {
    const notice = {
      failures: locked.attempts,
      first_at: locked.window_start,
      last_at: new Date(),
      last_address: keys.shownAddress,
      locked_until: locked.locked_until,
    };
    // A lock the owner has not seen yet adds to the notice they will see.
    await db
      .insert(signInNotices)
      .values({ user_id: user.user_id, ...notice })
      .onConflictDoUpdate({
        target: signInNotices.user_id,
        set: {
          failures: sql`${signInNotices.failures} + ${notice.failures}`,
          last_at: notice.last_at,
          last_address: notice.last_address,
          locked_until: notice.locked_until,
        },
      });
  }
  return true;
}

/**
 * Gives back the count of an attempt that did not fail: a success (`succeeded`: the account's
 * failures in a row start again from 0) or one that was never checked (the checking threads
 * were busy).
 */
export async function attemptEnded(db: Db, keys: AttemptKeys, succeeded: boolean): Promise<void> {
  const giveBack = (key: string) =>
    db
      .update(signInAttempts)
      .set({ attempts: sql`greatest(${signInAttempts.attempts} - 1, 0)` })
      .where(and(eq(signInAttempts.key, key), gt(signInAttempts.attempts, 0)));
  await giveBack(keys.address);
  if (succeeded) await db.delete(signInAttempts).where(eq(signInAttempts.key, keys.account));
  else await giveBack(keys.account);
}

/** A lock of the account its owner has not seen: how many failed attempts, when, from where, until when. */
export interface LockNotice {
  failures: number;
  first_at: Date;
  last_at: Date;
  last_address: string;
  locked_until: Date;
}

/** The lock notice of `userId`, deleted as it is read (shown once), or null. */
export async function takeNotice(db: Db, userId: number): Promise<LockNotice | null> {
  const [notice] = await db.delete(signInNotices).where(eq(signInNotices.user_id, userId)).returning();
  return notice ?? null;
}

/** Deletes counters whose window and lock have passed (hourly housekeeping). @returns how many rows went. */
export async function purgeLapsedAttempts(db: Db): Promise<number> {
  const windowSecs = Math.max(ACCOUNT_LIMIT.windowMs, ADDRESS_LIMIT.windowMs) / 1000;
  const gone = await db
    .delete(signInAttempts)
    .where(sql`coalesce(${signInAttempts.locked_until}, ${signInAttempts.window_start} + make_interval(secs => ${windowSecs})) <= now()`)
    .returning({ key: signInAttempts.key });
  return gone.length;
}
