/**
 * The Status screen with ORDER_PLATFORM=sticky: the order platform's row checks
 * Sticky.io itself (not our database), shows Sticky.io's refusal as its last error, and once it
 * answers again shows it reachable with the rate-limit headroom its answer declared. The server
 * talks to the schema-checking fake (tests/fakes/sticky.ts).
 */
import { describe, expect, it } from 'vitest';
import { IntegrationStatusSchema } from '../../src/model/system.ts';
import { startFakeSticky } from '../fakes/sticky.ts';
import { serverBesideFake } from './provider-harness.ts';

const USER = 'status-api-user';
const PASSWORD = 'status-password-0123456789';

describe('the Status screen with ORDER_PLATFORM=sticky', () => {
  const ctx = serverBesideFake(
    () => startFakeSticky({ username: USER, password: PASSWORD }),
    (f) => ({ ORDER_PLATFORM: 'sticky', STICKY_API_URL: f.url, STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD }),
    [PASSWORD],
  );

  it("Test connection asks Sticky.io: its refusal is the row's last error, then reachable with its headroom", async () => {
    ctx.fake.inject({ match: /^GET \/api\/v2\/shipping\?/, kind: { refuse: 'This API user may not read shipping methods' } });
    const down = IntegrationStatusSchema.parse((await ctx.t.api('POST', '/api/v1/system/status/platform/test')).body);
    expect(down).toMatchObject({
      key: 'platform',
      kind: 'sticky',
      configured: true,
      reachable: false,
      last_error: 'Sticky.io refused the request: This API user may not read shipping methods',
    });
    expect(ctx.fake.requests).toContain('GET /api/v2/shipping?page=1&per_page=1');

    const up = IntegrationStatusSchema.parse((await ctx.t.api('POST', '/api/v1/system/status/platform/test')).body);
    expect(up).toMatchObject({ key: 'platform', kind: 'sticky', reachable: true, rate_limit: { remaining: 119, limit: 120 } });
    expect(up.last_sync).not.toBeNull();
    expect(JSON.stringify(up)).not.toContain(PASSWORD);
  });
});
