/**
 * The Status screen with each real order platform (ORDER_PLATFORM=29next, =sticky): the order
 * platform's row checks the platform itself (29next: a page of its shipping methods; Sticky.io:
 * likewise; never our database), shows the platform's refusal as its last error, and once it
 * answers again shows it reachable with the headroom left (29next: of its 4 requests a second;
 * Sticky.io: the rate-limit headroom its answer declared). The server talks to the
 * schema-checking fakes (tests/fakes/29next.ts, tests/fakes/sticky.ts).
 */
import { describe, expect, it } from 'vitest';
import { IntegrationStatusSchema, type IntegrationStatus } from '../../src/model/system.ts';
import { startFakeNext } from '../fakes/29next.ts';
import type { FakePlatform } from '../fakes/harness.ts';
import { startFakeSticky } from '../fakes/sticky.ts';
import { serverBesideFake } from './provider-harness.ts';

/** One platform's case: its fake and environment, the refusal it is made to answer, and the row the screen then shows. */
interface StatusCase {
  /** ORDER_PLATFORM, and the row's `kind`. */
  kind: string;
  /** The test's name. */
  name: string;
  fake: () => Promise<FakePlatform>;
  env: (fake: FakePlatform) => Record<string, string>;
  /** The secret no answer or log line may show. */
  secret: string;
  /** The request Test connection sends, as the fake records it, and a pattern matching it. */
  request: string;
  match: RegExp;
  refusal: string;
  last_error: string;
  /** What the reachable row says of the headroom. */
  headroom: (up: IntegrationStatus) => void;
}

const TOKEN = 'status-29next-token-0123456789';
const USER = 'status-api-user';
const PASSWORD = 'status-password-0123456789';

const CASES: StatusCase[] = [
  {
    kind: '29next',
    name: "Test connection asks 29next: its refusal is the row's last error, then reachable with its headroom",
    fake: () => startFakeNext({ token: TOKEN }),
    env: (f) => ({ ORDER_PLATFORM: '29next', NEXT_API_URL: f.url, NEXT_API_TOKEN: TOKEN }),
    secret: TOKEN,
    request: 'GET /api/admin/shipping-methods/',
    match: /^GET \/api\/admin\/shipping-methods\/$/,
    refusal: 'You do not have permission to perform this action.',
    last_error: '29next refused the request: You do not have permission to perform this action.',
    headroom: (up) => {
      expect(up).toMatchObject({ rate_limit: { limit: 4 } });
      expect(up.rate_limit?.remaining).toBeLessThan(4);
    },
  },
  {
    kind: 'sticky',
    name: "Test connection asks Sticky.io: its refusal is the row's last error, then reachable with its headroom",
    fake: () => startFakeSticky({ username: USER, password: PASSWORD }),
    env: (f) => ({ ORDER_PLATFORM: 'sticky', STICKY_API_URL: f.url, STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD }),
    secret: PASSWORD,
    request: 'GET /api/v2/shipping?page=1&per_page=1',
    match: /^GET \/api\/v2\/shipping\?/,
    refusal: 'This API user may not read shipping methods',
    last_error: 'Sticky.io refused the request: This API user may not read shipping methods',
    headroom: (up) => expect(up).toMatchObject({ rate_limit: { remaining: 119, limit: 120 } }),
  },
];

for (const c of CASES) {
  describe(`the Status screen with ORDER_PLATFORM=${c.kind}`, () => {
    const ctx = serverBesideFake(c.fake, c.env, [c.secret]);

    it(c.name, async () => {
      ctx.fake.inject({ match: c.match, kind: { refuse: c.refusal } });
      const down = IntegrationStatusSchema.parse((await ctx.t.api('POST', '/api/v1/system/status/platform/test')).body);
      expect(down).toMatchObject({ key: 'platform', kind: c.kind, configured: true, reachable: false, last_error: c.last_error });
      expect(ctx.fake.requests).toContain(c.request);

      const up = IntegrationStatusSchema.parse((await ctx.t.api('POST', '/api/v1/system/status/platform/test')).body);
      expect(up).toMatchObject({ key: 'platform', kind: c.kind, reachable: true });
      c.headroom(up);
      expect(up.last_sync).not.toBeNull();
      expect(JSON.stringify(up)).not.toContain(c.secret);
    });
  });
}
