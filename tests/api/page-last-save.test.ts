/**
 * The template editor's last-save marker as the server keeps it (001 §4 "A
 * template editor save sets a last-save marker"): the slice's read (`templateEditorReads.lastSave`,
 * the page's newest audit entry) on the real server says when the page's current version was
 * saved and by whom — the same to every operator — and moves with the next save, to its author.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/api/index.ts';
import { templateEditorReads } from '../../src/features/template-editor/api.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
/** The token the SPA's calls carry (switched to read as another operator). */
let as = '';
beforeAll(async () => {
  t = await startTestServer();
  as = t.token;
  configureApi({ getToken: () => as }, t.url);
});
afterAll(async () => {
  await t?.close();
});

/** Saves a new headline on page `id` (of funnel 1) as `token`'s account. @returns the page's new version. */
async function save(id: number, headline: string, token?: string): Promise<number> {
  const page = (await t.api('GET', `/api/v1/pages/${id}`, { token })).body as { version: number };
  const r = await t.api('PATCH', `/api/v1/pages/${id}`, {
    token,
    patch: true,
    body: [{ op: 'add', path: '/meta/headline', value: headline }],
    headers: { 'If-Match': `"${page.version}"`, 'X-Change-Label': 'Edit text headline' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { version: number }).version;
}

describe('the last-save marker of a page', () => {
  it('a page never edited has its creation as last save', async () => {
    const m = await templateEditorReads.lastSave(1, 5);
    expect(m).not.toBeNull();
    expect(Number.isNaN(Date.parse(m!.savedAt))).toBe(false);
    expect(m!.version).toBe(1);
  });

  it('says when the current version was saved and by whom, the same to another operator', async () => {
    const before = Date.now();
    const version = await save(5, 'Thanks from Ada');
    const seen = await templateEditorReads.lastSave(1, 5);
    expect(seen).toMatchObject({ by: 'Ada Admin', version });
    expect(Date.parse(seen!.savedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(seen!.savedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    as = await t.tokenOf('operator');
    expect(await templateEditorReads.lastSave(1, 5)).toEqual(seen);
  });

  it('moves with the next save, to its author', async () => {
    as = await t.tokenOf('operator');
    const first = await templateEditorReads.lastSave(1, 5);
    const version = await save(5, 'Thanks from Oscar', as);
    as = t.token;
    const now = await templateEditorReads.lastSave(1, 5);
    expect(now).toMatchObject({ by: 'Oscar Operator', version });
    expect(Date.parse(now!.savedAt)).toBeGreaterThanOrEqual(Date.parse(first!.savedAt));
    // Another page's marker is its own.
    expect((await templateEditorReads.lastSave(1, 4))?.version).toBe(1);
  });
});
