/**
 * The funnel list's bulk change (`POST /api/v1/funnels/bulk`, 001 §2 for the selected rows):
 * a dry run writes nothing; applying changes each funnel as its own control would (a status is a
 * document write with its audit diff, a flag the lock / archive note); locked, stale and missing
 * funnels are skipped and named; the same request twice and the undo behave; two bulk changes
 * over the same funnels at once both finish. Runs on PGlite and again on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUndo, BULK_MSG, type FunnelBulkAnswer, type FunnelBulkChange } from '../../src/model/contracts/funnel-list-actions.ts';
import type { FunnelListItem } from '../../src/model/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const ids: number[] = [];
beforeAll(async () => {
  t = await startTestServer({ demoOrders: 0 });
  const offer = ((await t.api('GET', '/api/v1/funnels')).body as FunnelListItem[])[0]!.offer;
  for (let i = 0; i < 5; i++) {
    const r = await t.api('POST', '/api/v1/funnels', { body: { name: `Bulk ${i}`, offer } });
    expect(r.status, r.text).toBe(201);
    ids.push((r.body as { ID: number }).ID);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const funnel = async (id: number) => (await t.api('GET', `/api/v1/funnels/${id}`)).body as FunnelListItem;
const bulk = async (changes: FunnelBulkChange[], opts: { dry_run?: boolean; headers?: Record<string, string>; token?: string } = {}) => {
  const body = opts.dry_run === undefined ? { changes } : { changes, dry_run: opts.dry_run };
  return t.api('POST', '/api/v1/funnels/bulk', { body, headers: opts.headers, token: opts.token });
};
const logOf = async (id: number) => (await t.api('GET', `/api/v1/funnels/${id}/audit_log?limit=50`)).body as { title: string; ops: unknown }[];

describe('bulk change of funnels', () => {
  it('answers a dry run without writing anything', async () => {
    const before = await Promise.all(ids.map(funnel));
    const r = await bulk(
      ids.map((ID) => ({ ID, field: 'publish_status', value: 'released' })),
      { dry_run: true },
    );
    expect(r.status, r.text).toBe(200);
    const a = r.body as FunnelBulkAnswer;
    expect(a).toMatchObject({ dry_run: true, changed: 5, unchanged: 0, skipped: 0 });
    expect(a.results.map((x) => [x.ID, x.from, x.to, x.outcome])).toEqual(ids.map((ID, i) => [ID, before[i]!.publish_status, 'released', 'changed']));
    expect(await Promise.all(ids.map(funnel))).toEqual(before);
  });

  it('sets the status of each funnel with a document write in its log, skipping and naming a locked one', async () => {
    const [locked, ...open] = ids as [number, ...number[]];
    expect((await t.api('PUT', `/api/v1/funnels/${locked}/lock`, { body: { locked: true } })).status).toBe(200);
    const versions = await Promise.all(ids.map(async (id) => (await funnel(id)).version));
    const r = await bulk(ids.map((ID, i) => ({ ID, version: versions[i], field: 'publish_status', value: 'qc' })));
    expect(r.status, r.text).toBe(200);
    const a = r.body as FunnelBulkAnswer;
    expect(a).toMatchObject({ dry_run: false, changed: 4, skipped: 1 });
    expect(a.results[0]).toMatchObject({ ID: locked, name: 'Bulk 0', outcome: 'skipped', reason: BULK_MSG.locked });
    for (const id of open) {
      const f = await funnel(id);
      expect(f.publish_status).toBe('qc');
      expect(a.results.find((x) => x.ID === id)?.version).toBe(f.version);
      expect((await logOf(id))[0]).toMatchObject({ title: 'Set status qc (bulk change)', ops: [{ op: 'replace', path: '/publish_status', value: 'qc' }] });
    }
    expect((await funnel(locked)).publish_status).not.toBe('qc');

    // Undo: each back to its old value at its new version.
    const undo = await bulk(bulkUndo(a));
    expect(undo.status, undo.text).toBe(200);
    expect((undo.body as FunnelBulkAnswer).changed).toBe(4);
    for (const [i, id] of open.entries()) expect((await funnel(id)).publish_status).toBe(a.results[i + 1]!.from);
    expect((await t.api('PUT', `/api/v1/funnels/${locked}/lock`, { body: { locked: false } })).status).toBe(200);
  });

  it('locks and unlocks with the lock note on each funnel; the same request twice changes nothing more', async () => {
    const lock = ids.map((ID): FunnelBulkChange => ({ ID, field: 'locked', value: true }));
    const notes = async (id: number) => (await logOf(id)).filter((e) => e.title === 'Funnel locked').length;
    const notesBefore = await Promise.all(ids.map(notes));
    const key = { 'Idempotency-Key': 'bulk-lock-1' };
    const first = await bulk(lock, { headers: key });
    expect(first.body).toMatchObject({ changed: 5, skipped: 0 });
    const replay = await bulk(lock, { headers: key });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const again = await bulk(lock);
    expect(again.body).toMatchObject({ changed: 0, unchanged: 5 });
    for (const [i, id] of ids.entries()) {
      expect((await funnel(id)).locked).toBe(true);
      expect(await notes(id)).toBe(notesBefore[i]! + 1);
    }
    // Archive skips them all (locked); unlock takes them.
    expect((await bulk(ids.map((ID) => ({ ID, field: 'archived', value: true })))).body).toMatchObject({ changed: 0, skipped: 5 });
    const undo = await bulk(bulkUndo(first.body as FunnelBulkAnswer));
    expect(undo.body).toMatchObject({ changed: 5 });
    for (const id of ids) expect((await funnel(id)).locked).toBe(false);
  });

  it('skips a funnel changed since the list was read, and one deleted', async () => {
    const [a, b] = ids as [number, number];
    const seen = await funnel(a);
    expect((await t.api('PUT', `/api/v1/funnels/${a}/archive`, { body: { archived: true } })).status).toBe(200);
    const r = await bulk([
      { ID: a, version: seen.version, field: 'archived', value: false },
      { ID: 2147480000, field: 'archived', value: true },
      { ID: b, field: 'archived', value: true },
    ]);
    expect(r.status, r.text).toBe(200);
    expect((r.body as FunnelBulkAnswer).results.map((x) => [x.outcome, x.reason])).toEqual([
      ['skipped', BULK_MSG.stale],
      ['skipped', BULK_MSG.missing],
      ['changed', null],
    ]);
    expect((await funnel(a)).archived).toBe(true);
    expect((await funnel(b)).archived).toBe(true);
    const archivedList = (await t.api('GET', '/api/v1/funnels?archived=true')).body as FunnelListItem[];
    expect(archivedList.map((f) => f.ID)).toEqual(expect.arrayContaining([a, b]));
    expect((await bulk([a, b].map((ID) => ({ ID, field: 'archived', value: false })))).body).toMatchObject({ changed: 2 });
  });

  it('finishes two bulk changes over the same funnels sent at once, each funnel changed by one of them', async () => {
    const forward = ids.map((ID): FunnelBulkChange => ({ ID, field: 'publish_status', value: 'released' }));
    const [x, y] = await Promise.all([bulk(forward), bulk([...forward].reverse())]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const changed = (x.body as FunnelBulkAnswer).changed + (y.body as FunnelBulkAnswer).changed;
    expect(changed).toBe(5);
    for (const id of ids) expect((await funnel(id)).publish_status).toBe('released');
  });

  it('refuses bad requests with a sentence and writes nothing', async () => {
    const id = ids[0]!;
    const cases: [unknown, string][] = [
      [{ changes: [] }, BULK_MSG.changes],
      [{ changes: Array.from({ length: 101 }, (_, i) => ({ ID: i + 1, field: 'locked', value: true })) }, BULK_MSG.changes],
      [
        {
          changes: [
            { ID: id, field: 'locked', value: true },
            { ID: id, field: 'archived', value: true },
          ],
        },
        BULK_MSG.once,
      ],
      [{ changes: [{ ID: id, field: 'name', value: 'x' }] }, BULK_MSG.field],
      [{ changes: [{ ID: id, field: 'publish_status', value: 'live' }] }, BULK_MSG.status],
      [{ changes: [{ ID: id, field: 'locked', value: 'yes' }] }, BULK_MSG.flag],
      [{ changes: [{ ID: -1, field: 'locked', value: true }] }, BULK_MSG.id],
      [{ changes: [{ ID: id, version: 0, field: 'locked', value: true }] }, BULK_MSG.version],
    ];
    const before = await funnel(id);
    expect(before.locked).toBe(false);
    for (const [body, message] of cases) {
      const r = await t.api('POST', '/api/v1/funnels/bulk', { body });
      expect(r.status, r.text).toBe(422);
      expect((r.body as { message: string }).message).toBe(message);
    }
    expect(await funnel(id)).toEqual(before);
    // `__proto__` members are data, never merged: not a dry run, the field stays `locked`.
    const proto = await t.api('POST', '/api/v1/funnels/bulk', {
      body: JSON.parse(`{"changes":[{"ID":${id},"field":"locked","value":true,"__proto__":{"field":"archived"}}],"__proto__":{"dry_run":true}}`),
    });
    expect(proto.status, proto.text).toBe(200);
    expect(proto.body).toMatchObject({ dry_run: false, changed: 1, results: [{ field: 'locked' }] });
    expect(await funnel(id)).toMatchObject({ locked: true, archived: false, version: before.version + 1 });
    expect((await bulk([{ ID: id, field: 'locked', value: false }])).body).toMatchObject({ changed: 1 });
  });

  it('is refused to a user who may not change funnels', async () => {
    const token = await t.tokenOf('sticky');
    const r = await bulk([{ ID: ids[0]!, field: 'locked', value: true }], { token });
    expect(r.status).toBe(403);
    expect((await funnel(ids[0]!)).locked).toBe(false);
  });
});

describe('CSV export of the funnel list', () => {
  const exportOf = async (query: string) => {
    const res = await fetch(`${t.url}/api/v1/funnels.csv?${query}`, { headers: { Authorization: `Bearer ${t.token}` } });
    // Decoded keeping the byte order mark (Response.text() drops it).
    return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
  };
  const parse = (text: string) => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    return text.slice(1).split('\r\n').filter(Boolean);
  };

  it('writes every funnel the search, filters and sort match, as the list pages them, whatever page was asked', async () => {
    const query = 'q=bulk&sort=-name';
    const list = await t.api('GET', `/api/v1/funnels?${query}&per_page=2&page=1`);
    const total = Number(list.headers.get('X-Total-Count'));
    const all: FunnelListItem[] = [];
    for (let p = 1; all.length < total; p++) all.push(...((await t.api('GET', `/api/v1/funnels?${query}&per_page=2&page=${p}`)).body as FunnelListItem[]));
    const { res, text } = await exportOf(`${query}&page=3&per_page=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="funnels-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = parse(text);
    expect(lines[0]).toBe('ID,Name,Offer,Platform,Everflow OID,Domain,Status,Locked');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(all.map((f) => f.ID));
    expect(lines).toHaveLength(total + 1);
  });

  it('writes the whole list without filters, and quotes a name a spreadsheet would run', async () => {
    const offer = ((await t.api('GET', '/api/v1/funnels')).body as FunnelListItem[])[0]!.offer;
    const evil = '=HYPERLINK("http://x.test","Click"), "quoted"';
    expect((await t.api('POST', '/api/v1/funnels', { body: { name: evil, offer } })).status).toBe(201);
    const { text } = await exportOf('');
    const lines = parse(text);
    const listed = (await t.api('GET', '/api/v1/funnels')).body as FunnelListItem[];
    expect(lines).toHaveLength(listed.length + 1);
    expect(text).toContain(`"'=HYPERLINK(""http://x.test"",""Click""), ""quoted"""`);
  });

  it('refuses a bad filter with the list\u2019s sentence and a reader without a token', async () => {
    const bad = await exportOf('status=live');
    expect(bad.res.status).toBe(422);
    expect(JSON.parse(bad.text)).toMatchObject({ message: 'The status filter must be one of progress, qc, released' });
    expect((await fetch(`${t.url}/api/v1/funnels.csv`)).status).toBe(401);
  });
});
