/** The scrub detail's read (001 §2 /scrubs/{id}): `GET /api/v1/scrubs/{id}` on the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forbiddenMessage } from '../../src/model/policy.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 10 });
});
afterAll(() => t.close());

describe('GET /api/v1/scrubs/{id}', () => {
  it('answers the scrub as the funnel list of scrubs has it, 404 for no scrub, 403 for the sticky account', async () => {
    const made = await t.api('POST', '/api/v1/scrubs', { body: { funnel_id: 2, affiliate_id: '4321', affiliate_name: 'Detail Media', scrub_pct: 12 } });
    expect(made.status).toBe(201);
    const one = await t.api('GET', `/api/v1/scrubs/${made.body.ID}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ID: made.body.ID, funnel_id: 2, affiliate_id: '4321', affiliate_name: 'Detail Media', scrub_pct: 12, global: false });
    const listed = (await t.api('GET', '/api/v1/funnels/2/scrubs')).body.find((x: { ID: number }) => x.ID === made.body.ID);
    expect(one.body).toEqual(listed);
    expect(await t.api('GET', '/api/v1/scrubs/999999')).toMatchObject({ status: 404, body: { message: 'Scrub not found' } });
    const sticky = await t.api('GET', `/api/v1/scrubs/${made.body.ID}`, { token: await t.tokenOf('sticky') });
    expect(sticky).toMatchObject({ status: 403, body: { message: forbiddenMessage('sticky', 'scrubs.read') } });
  });
});
