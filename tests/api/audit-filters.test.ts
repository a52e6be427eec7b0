/**
 * The Logs tab's filters on the server (001 §7 "Logs"): `GET /api/v1/funnels/{id}/audit_log`
 * with `user` (an author's ID) and `type` (`note` or `diff`), alone, together, with `doc` and
 * across pages (`before`); bad values answered 422 with the field's sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_QUERY_MSG, type AuditLog } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const FUNNEL = 1;
let ada = 0;
let oscar = 0;

beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
  const operator = await t.tokenOf('operator');
  ada = ((await t.api('GET', '/api/v1/me')).body as { user_id: number }).user_id;
  oscar = ((await t.api('GET', '/api/v1/me', { token: operator })).body as { user_id: number }).user_id;
  // Two notes by each, and a change to page 2 by each.
  for (const [token, who] of [
    [undefined, 'Ada'],
    [operator, 'Oscar'],
  ] as const) {
    for (const n of [1, 2]) {
      const r = await t.api('POST', '/api/v1/audit_logs', { token, body: { funnel_id: FUNNEL, message: `${who} note ${n}` } });
      expect(r.status, r.text).toBe(201);
    }
    const page = await t.api('GET', '/api/v1/pages/2', { token });
    const saved = await t.api('PATCH', '/api/v1/pages/2', {
      token,
      patch: true,
      body: [{ op: 'replace', path: '/name', value: `Checkout by ${who}` }],
      headers: { 'If-Match': `"${String((page.body as { version: number }).version)}"` },
    });
    expect(saved.status, saved.text).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const log = async (q: string) => {
  const r = await t.api('GET', `/api/v1/funnels/${FUNNEL}/audit_log?${q}`);
  expect(r.status, r.text).toBe(200);
  return r.body as AuditLog[];
};

describe('audit log filters', () => {
  it('answers only the entries of one author', async () => {
    const byOscar = await log(`user=${oscar}`);
    expect(byOscar.length).toBeGreaterThanOrEqual(3);
    expect(byOscar.every((e) => e.user_id === oscar)).toBe(true);
    const all = await log('limit=1000');
    expect(byOscar.map((e) => e.ID)).toEqual(all.filter((e) => e.user_id === oscar).map((e) => e.ID));
  });

  it('answers only notes, or only changes', async () => {
    const notes = await log('type=note&limit=1000');
    const diffs = await log('type=diff&limit=1000');
    const all = await log('limit=1000');
    expect(notes.every((e) => e.type === 'note')).toBe(true);
    expect(diffs.every((e) => e.type === 'diff')).toBe(true);
    expect(notes.length + diffs.length).toBe(all.length);
    expect(notes.map((e) => e.message)).toEqual(expect.arrayContaining(['Ada note 1', 'Oscar note 2']));
  });

  it('combines author, kind and document, and pages through the filtered entries', async () => {
    const oscarsChanges = await log(`user=${oscar}&type=diff&doc=page:2`);
    expect(oscarsChanges).toHaveLength(1);
    expect(oscarsChanges[0]).toMatchObject({ user_id: oscar, type: 'diff', doc: 'page:2' });

    const adasNotes = await log(`user=${ada}&type=note`);
    const first = await log(`user=${ada}&type=note&limit=1`);
    const second = await log(`user=${ada}&type=note&limit=1&before=${first[0]!.ID}`);
    expect([...first, ...second].map((e) => e.ID)).toEqual(adasNotes.slice(0, 2).map((e) => e.ID));
    expect(await log('user=999999&limit=5')).toEqual([]);
  });

  it('refuses a bad author or kind with the field’s sentence', async () => {
    for (const [q, message] of [
      ['user=x', AUDIT_QUERY_MSG.user],
      ['user=0', AUDIT_QUERY_MSG.user],
      ['type=notes', AUDIT_QUERY_MSG.type],
      ['type=__proto__', AUDIT_QUERY_MSG.type],
    ] as const) {
      const r = await t.api('GET', `/api/v1/funnels/${FUNNEL}/audit_log?${q}`);
      expect(r.status, q).toBe(422);
      expect(r.text, q).toContain(message);
    }
  });
});
