/**
 * The captcha secret key `details.cf_secret_key` is write-only ("API conventions":
 * "Secrets … are write-only: never returned, redacted in audit diffs"): no answer carries
 * it — GET, list, PATCH/PUT answers, 412 `current`, clone, lock, audit log — the funnel's
 * details carry `has_cf_secret_key` and `cf_secret_key_hint` instead, and publishing still
 * uses the stored secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_MSG } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 100 });
});
afterAll(async () => {
  await t?.close();
});

const SECRET = '0xSECRETsecretSECRETsecret0001x9Qz';
const NEXT = '0xNEXTnextNEXTnextNEXTnext0002AbCd';
const F = 2;
const get = async (p: string) => (await t.api('GET', p)).body;
const v = (version: number) => ({ 'If-Match': `"${version}"` });
const patch = async (ops: unknown[], headers: Record<string, string> = {}) => {
  const f = await get(`/api/v1/funnels/${F}`);
  return t.api('PATCH', `/api/v1/funnels/${F}`, { patch: true, body: ops, headers: { ...v(f.version), ...headers } });
};
/** Fails when a text holds either secret (or a recognisable part of it). */
const clean = (text: string, label: string) => {
  for (const s of [SECRET, NEXT]) expect(text, label).not.toContain(s.slice(0, 20));
};

describe('captcha secret key is write-only', () => {
  it('PATCH add stores it; the answer and GET carry only has_cf_secret_key and the hint', async () => {
    const r = await patch([{ op: 'add', path: '/details/cf_secret_key', value: SECRET }]);
    expect(r.status).toBe(200);
    clean(r.text, 'PATCH answer');
    expect(r.body.details.cf_secret_key).toBeUndefined();
    expect(r.body.details.has_cf_secret_key).toBe(true);
    expect(r.body.details.cf_secret_key_hint).toBe('••••x9Qz');
    const g = await t.api('GET', `/api/v1/funnels/${F}`);
    clean(g.text, 'GET funnel');
    expect(g.body.details).toMatchObject({ has_cf_secret_key: true, cf_secret_key_hint: '••••x9Qz' });
    expect('cf_secret_key' in g.body.details).toBe(false);
    const list = await t.api('GET', '/api/v1/funnels');
    clean(list.text, 'funnel list');
    expect(list.body.find((f: { ID: number }) => f.ID === F).details.has_cf_secret_key).toBe(true);
  });

  it('a funnel without one says so', async () => {
    const g = await get('/api/v1/funnels/3');
    expect(g.details.has_cf_secret_key).toBe(false);
    expect(g.details.cf_secret_key_hint).toBe('');
  });

  it('is redacted in the audit diff, ops and inverse', async () => {
    const r = await patch([{ op: 'replace', path: '/details/cf_secret_key', value: NEXT }]);
    expect(r.status).toBe(200);
    expect(r.body.details.cf_secret_key_hint).toBe('••••AbCd');
    const log = await t.api('GET', `/api/v1/funnels/${F}/audit_log`);
    clean(log.text, 'audit log');
    const entry = log.body.find((e: { doc: string }) => e.doc === `funnel:${F}`);
    expect(entry.ops).toEqual([{ op: 'replace', path: '/details/cf_secret_key', value: '[redacted]' }]);
    expect(entry.inverse).toEqual([{ op: 'replace', path: '/details/cf_secret_key', value: '[redacted]' }]);
  });

  it('PUT without the key keeps the stored one; the PUT answer and a 412 current do not carry it', async () => {
    const f = await get(`/api/v1/funnels/${F}`);
    const put = await t.api('PUT', `/api/v1/funnels/${F}`, { body: { ...f, details: { ...f.details, GTM: 'GTM1' } }, headers: v(f.version) });
    expect(put.status).toBe(200);
    clean(put.text, 'PUT answer');
    expect(put.body.details).toMatchObject({ GTM: 'GTM1', has_cf_secret_key: true, cf_secret_key_hint: '••••AbCd' });
    const stale = await t.api('PUT', `/api/v1/funnels/${F}`, { body: { cs_number: '1' }, headers: v(f.version) });
    expect(stale.status).toBe(412);
    clean(stale.text, '412 answer');
    expect(stale.body.current.details.has_cf_secret_key).toBe(true);
    const stalePatch = await t.api('PATCH', `/api/v1/funnels/${F}`, {
      patch: true,
      body: [{ op: 'replace', path: '/name', value: 'x' }],
      headers: v(f.version),
    });
    expect(stalePatch.status).toBe(412);
    clean(stalePatch.text, '412 PATCH answer');
  });

  it('refuses patches writing the derived members (422)', async () => {
    for (const op of [
      { op: 'replace', path: '/details/has_cf_secret_key', value: false },
      { op: 'add', path: '/details/cf_secret_key_hint', value: '••••zzzz' },
      { op: 'remove', path: '/details/cf_secret_key_hint' },
      { op: 'copy', from: '/details/cf_site_key', path: '/details/cf_secret_key_hint' },
      { op: 'move', from: '/details/has_cf_secret_key', path: '/details/GTM' },
    ]) {
      const r = await patch([op]);
      expect(r.status, JSON.stringify(op)).toBe(422);
      expect(r.body.message).toBe(WRITE_MSG.secretDerived);
    }
  });

  it('refuses operations that read the secret (422): test, copy and move from it, and copying into it', async () => {
    for (const op of [
      { op: 'test', path: '/details/cf_secret_key', value: NEXT },
      { op: 'copy', from: '/details/cf_secret_key', path: '/details/guarantee' },
      { op: 'move', from: '/details/cf_secret_key', path: '/details/guarantee' },
      { op: 'test', path: '/details', value: {} },
      { op: 'copy', from: '/details/guarantee', path: '/details/cf_secret_key' },
    ]) {
      const r = await patch([op]);
      expect(r.status, JSON.stringify(op)).toBe(422);
      expect(r.body.message).toBe(WRITE_MSG.secretRead);
      clean(r.text, 'refusal');
    }
    expect((await get(`/api/v1/funnels/${F}`)).details.guarantee).not.toContain('0x');
  });

  it('refuses restoring the redacted placeholder from the log', async () => {
    const r = await patch([{ op: 'replace', path: '/details/cf_secret_key', value: '[redacted]' }]);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(WRITE_MSG.secretRedacted);
  });

  it('a clone keeps the secret without showing it; lock answers do not show it', async () => {
    const c = await t.api('POST', `/api/v1/funnels/${F}/clone`, { body: { name: 'Secret clone' } });
    expect(c.status).toBe(201);
    clean(c.text, 'clone answer');
    expect(c.body.details).toMatchObject({ has_cf_secret_key: true, cf_secret_key_hint: '••••AbCd' });
    const lock = await t.api('PUT', `/api/v1/funnels/${F}/lock`, { body: { locked: true } });
    clean(lock.text, 'lock answer');
    expect(lock.body.details.has_cf_secret_key).toBe(true);
    await t.api('PUT', `/api/v1/funnels/${F}/lock`, { body: { locked: false } });
  });

  it('PATCH remove clears it', async () => {
    const r = await patch([{ op: 'remove', path: '/details/cf_secret_key' }]);
    expect(r.status).toBe(200);
    expect(r.body.details).toMatchObject({ has_cf_secret_key: false, cf_secret_key_hint: '' });
    const log = await t.api('GET', `/api/v1/funnels/${F}/audit_log`);
    clean(log.text, 'audit log after remove');
  });
});
