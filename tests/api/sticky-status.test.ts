/**
 * The Status screen with ORDER_PLATFORM=sticky: the order platform's row checks
 * Sticky.io itself (not our database), shows Sticky.io's refusal as its last error, and once it
 * answers again shows it reachable with the rate-limit headroom its answer declared. The server
 * talks to the schema-checking fake (tests/fakes/sticky.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IntegrationStatusSchema } from '../../src/model/system.ts';
import { startFakeSticky, type FakeSticky } from '../fakes/sticky.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const USER = 'status-api-user';
const PASSWORD = 'status-password-0123456789';

describe('the Status screen with ORDER_PLATFORM=sticky', () => {
  let fake: FakeSticky;
  let t: TestServer;
  beforeAll(async () => {
    fake = await startFakeSticky({ username: USER, password: PASSWORD });
    t = await startTestServer({
      demoOrders: 0,
      env: { ORDER_PLATFORM: 'sticky', STICKY_API_URL: fake.url, STICKY_API_USERNAME: USER, STICKY_API_PASSWORD: PASSWORD },
    });
  });
  afterEach(() => {
    fake.heal();
    expect(fake.invalid).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("Test connection asks Sticky.io: its refusal is the row's last error, then reachable with its headroom", async () => {
    fake.inject({ match: /^GET \/api\/v2\/shipping\?/, kind: { refuse: 'This API user may not read shipping methods' } });
    const down = IntegrationStatusSchema.parse((await t.api('POST', '/api/v1/system/status/platform/test')).body);
    expect(down).toMatchObject({
      key: 'platform',
      kind: 'sticky',
      configured: true,
      reachable: false,
      last_error: 'Sticky.io refused the request: This API user may not read shipping methods',
    });
    expect(fake.requests).toContain('GET /api/v2/shipping?page=1&per_page=1');

    const up = IntegrationStatusSchema.parse((await t.api('POST', '/api/v1/system/status/platform/test')).body);
    expect(up).toMatchObject({ key: 'platform', kind: 'sticky', reachable: true, rate_limit: { remaining: 119, limit: 120 } });
    expect(up.last_sync).not.toBeNull();
    expect(JSON.stringify(up)).not.toContain(PASSWORD);
  });
});
