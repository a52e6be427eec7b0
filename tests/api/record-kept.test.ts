/**
 * The record cannot be erased: deleting a funnel leaves a tombstone and its
 * whole audit log, system entries included, readable by an admin (not by an operator); deleting
 * a user keeps their name on the entries they wrote.
 */
import { describe, expect, it } from 'vitest';
import { getToken } from '../../src/server/auth/headless-login.ts';
import { serverForTests } from './file-server.ts';

const t = serverForTests();

interface Entry {
  ID: number;
  title: string;
  type: string;
  doc: string | null;
  system: boolean;
  user: { name: string };
  ops: unknown[] | null;
}

const patch = (path: string, version: number, ops: unknown[], token?: string) =>
  t.api('PATCH', path, { body: ops, token, headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': `"${version}"` } });

describe('a deleted funnel', () => {
  it('leaves a tombstone and its whole log, for an admin only', async () => {
    const operator = await t.tokenOf('operator');
    const made = await t.api('POST', '/api/v1/funnels', { token: operator, body: { name: 'Doomed funnel', offer: 10231 } });
    expect(made.status).toBe(201);
    const id = (made.body as { ID: number }).ID;
    const funnel = made.body as { version: number };
    expect((await patch(`/api/v1/funnels/${id}`, funnel.version, [{ op: 'replace', path: '/cs_number', value: '+1 555 0199' }], operator)).status).toBe(200);
    const before = (await t.api('GET', `/api/v1/funnels/${id}/audit_log`)).body as Entry[];
    expect(before.length).toBeGreaterThanOrEqual(2);

    const deleted = await t.api('DELETE', `/api/v1/funnels/${id}`, { token: operator });
    expect(deleted.status).toBe(200);
    expect((await t.api('GET', `/api/v1/funnels/${id}`)).status).toBe(404);
    // Twice is still deleted once.
    expect((await t.api('DELETE', `/api/v1/funnels/${id}`, { token: operator })).status).toBe(404);

    const list = await t.api('GET', '/api/v1/deleted_funnels');
    expect(list.status).toBe(200);
    expect((list.body as { ID: number; name: string; user_name: string }[]).find((d) => d.ID === id)).toMatchObject({
      name: 'Doomed funnel',
      user_name: 'Oscar Operator',
    });
    const tomb = await t.api('GET', `/api/v1/deleted_funnels/${id}`);
    expect(tomb.body).toMatchObject({ ID: id, name: 'Doomed funnel', snapshot: { funnel: { ID: id, cs_number: '+1 555 0199' } } });
    expect(JSON.stringify(tomb.body)).not.toMatch(/"cf_secret_key"/);

    const log = await t.api('GET', `/api/v1/deleted_funnels/${id}/audit_log`);
    expect(log.status).toBe(200);
    const entries = log.body as Entry[];
    // Everything it had, and the deletion on top, newest first.
    expect(entries[0]).toMatchObject({ title: 'Funnel deleted', system: true, user: { name: 'Oscar Operator' } });
    expect(entries.slice(1).map((e) => e.ID)).toEqual(before.map((e) => e.ID));
    expect(entries.find((e) => e.title === 'Funnel created')).toBeDefined();

    // An operator may not read it; nobody may delete a system entry of it.
    expect((await t.api('GET', '/api/v1/deleted_funnels', { token: operator })).status).toBe(403);
    expect((await t.api('GET', `/api/v1/deleted_funnels/${id}/audit_log`, { token: operator })).status).toBe(403);
    expect((await t.api('DELETE', `/api/v1/audit_logs/${entries[0]!.ID}`)).status).toBeGreaterThanOrEqual(400);
    expect((await t.api('GET', `/api/v1/deleted_funnels/${id}/audit_log`)).body).toHaveLength(entries.length);
    // A funnel that was never deleted has no tombstone.
    expect((await t.api('GET', '/api/v1/deleted_funnels/1')).status).toBe(404);
  });
});

describe('a deleted user', () => {
  it('keeps their name on the notes and changes they wrote', async () => {
    const created = await t.api('POST', '/api/v1/users', {
      body: { name: 'Tess Temporary', email: 'tess@example.com', password: 'Tess!23456789', role_id: 2 },
    });
    expect(created.status).toBe(201);
    const tess = await getToken(t.url, 'tess@example.com', 'Tess!23456789');
    const note = await t.api('POST', '/api/v1/audit_logs', { token: tess, body: { funnel_id: 1, title: 'Checked by Tess', message: 'All good' } });
    expect(note.status).toBe(201);
    const page = (await t.api('GET', '/api/v1/pages/3')).body as { version: number };
    expect((await patch('/api/v1/pages/3', page.version, [{ op: 'replace', path: '/name', value: 'Renamed by Tess' }], tess)).status).toBe(200);

    expect((await t.api('DELETE', `/api/v1/users/${(created.body as { user_id: number }).user_id}`)).status).toBe(200);
    const log = (await t.api('GET', '/api/v1/funnels/1/audit_log')).body as Entry[];
    const hers = log.filter((e) => e.title === 'Checked by Tess' || (e.doc === 'page:3' && JSON.stringify(e.ops).includes('Renamed by Tess')));
    expect(hers).toHaveLength(2);
    expect(hers.map((e) => e.user.name)).toEqual(['Tess Temporary', 'Tess Temporary']);
  });
});
