/**
 * What the tests of a real provider client (Sticky.io, 29next, Cloudflare) share: the
 * schema-checking fake started around the file, every request and answer checked after each
 * test, the secrets looked for in every log line and console message at the end, and clients
 * with small timings whose waits are recorded instead of slept.
 */
import util from 'node:util';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { RetryPolicy } from '../../src/server/integrations/http-retry.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/** What a fake in tests/fakes offers the harness. */
export interface CheckedFake {
  url: string;
  /** Requests or answers that did not match the vendor's schema. */
  invalid: unknown[];
  /** Ends any failure mode a test set. */
  heal(): void;
  close(): Promise<void>;
}

/**
 * Starts `start()`'s fake before the file's tests (handing it to `started`) and closes it
 * after; after each test every request the client sent and every answer of the fake matched
 * the schema; at the end none of `secrets` is in a line of `logs`, of `errors` or of the console.
 * @returns the lists the tests add their log lines and error texts to.
 */
export function withCheckedFake<F extends CheckedFake>(
  start: () => Promise<F>,
  started: (fake: F) => void,
  secrets: readonly string[],
): { logs: string[]; errors: string[] } {
  let fake: F | undefined;
  const logs: string[] = [];
  const errors: string[] = [];
  const printed = [vi.spyOn(console, 'warn'), vi.spyOn(console, 'error'), vi.spyOn(console, 'log')];
  beforeAll(async () => {
    fake = await start();
    started(fake);
  });
  afterEach(() => {
    fake?.heal();
    expect(fake?.invalid).toEqual([]);
  });
  afterAll(async () => {
    await fake?.close();
    const lines = [...logs, ...errors, ...printed.flatMap((s) => s.mock.calls.map((c) => util.format(...(c as unknown[]))))];
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
  });
  return { logs, errors };
}

/**
 * The policy and fault of the tests whose vendor answers after the client gave up: a 1 s
 * timeout, and an answer the fake holds until the client hangs up. (The other tests' 2 s
 * timeout is far from any answer's time even on a loaded machine: a 250 ms one retried twice
 * in CI.)
 */
export const lateAnswer = { policy: { timeoutMs: 1000 }, fault: { delayMs: 60_000 } } as const;

/**
 * A client's retry policy with small timings (`policy` overrides) and deps that record each
 * wait in `waits` instead of sleeping and add each log line to `logs`.
 */
export function quickClient(logs: string[], policy: Partial<RetryPolicy> = {}) {
  const waits: number[] = [];
  return {
    waits,
    policy: { timeoutMs: 2000, retries: 3, baseDelayMs: 10, maxTotalWaitMs: 60_000, breakerThreshold: 3, breakerPauseMs: 45_000, ...policy },
    deps: {
      sleep: (ms: number) => {
        waits.push(ms);
        return Promise.resolve();
      },
      log: (l: string) => {
        logs.push(l);
      },
    },
  };
}

/**
 * {@link withCheckedFake} with a test server (no demo orders) configured for the fake by
 * `env(fake)`: started after the fake, closed before it.
 * @returns the fake and the server, set once the file's tests run.
 */
export function serverBesideFake<F extends CheckedFake>(
  start: () => Promise<F>,
  env: (fake: F) => Record<string, string>,
  secrets: readonly string[],
): { fake: F; t: TestServer } {
  const ctx = {} as { fake: F; t: TestServer };
  withCheckedFake(start, (f) => (ctx.fake = f), secrets);
  beforeAll(async () => {
    ctx.t = await startTestServer({ demoOrders: 0, env: env(ctx.fake) });
  });
  afterAll(async () => {
    await ctx.t?.close();
  });
  return ctx;
}

/** The message `fn` throws ('' when it does not). */
export function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}
