/**
 * The Status screen with ORDER_PLATFORM=29next: the order platform's row checks 29next
 * itself (a page of its shipping methods, not our database), shows 29next's refusal as its last
 * error, and once it answers again shows it reachable with the headroom left of its 4 requests a
 * second. The server talks to the schema-checking fake (tests/fakes/29next.ts).
 */
import { describe, expect, it } from 'vitest';
import { IntegrationStatusSchema } from '../../src/model/system.ts';
import { startFakeNext } from '../fakes/29next.ts';
import { serverBesideFake } from './provider-harness.ts';

const TOKEN = 'status-29next-token-0123456789';

describe('the Status screen with ORDER_PLATFORM=29next', () => {
  const ctx = serverBesideFake(
    () => startFakeNext({ token: TOKEN }),
    (f) => ({ ORDER_PLATFORM: '29next', NEXT_API_URL: f.url, NEXT_API_TOKEN: TOKEN }),
    [TOKEN],
  );

  it("Test connection asks 29next: its refusal is the row's last error, then reachable with its headroom", async () => {
    ctx.fake.inject({ match: /^GET \/api\/admin\/shipping-methods\/$/, kind: { refuse: 'You do not have permission to perform this action.' } });
    const down = IntegrationStatusSchema.parse((await ctx.t.api('POST', '/api/v1/system/status/platform/test')).body);
    expect(down).toMatchObject({
      key: 'platform',
      kind: '29next',
      configured: true,
      reachable: false,
      last_error: '29next refused the request: You do not have permission to perform this action.',
    });
    expect(ctx.fake.requests).toContain('GET /api/admin/shipping-methods/');

    const up = IntegrationStatusSchema.parse((await ctx.t.api('POST', '/api/v1/system/status/platform/test')).body);
    expect(up).toMatchObject({ key: 'platform', kind: '29next', reachable: true, rate_limit: { limit: 4 } });
    expect(up.rate_limit?.remaining).toBeLessThan(4);
    expect(up.last_sync).not.toBeNull();
    expect(JSON.stringify(up)).not.toContain(TOKEN);
  });
});
