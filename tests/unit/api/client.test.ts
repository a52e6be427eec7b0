/**
 * The SPA's HTTP client against a real loopback HTTP server: bearer token, 000 §8 error
 * handling (message shown as error, or as success when it says so), 401 hook, network
 * failure, NDJSON progress reading, and PATCH with JSON Patch + If-Match + 412.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, configureApi, patchDocument, rawRequest, readNdjson, request, StaleError } from '../../../src/api/client';
import { at } from '../../at';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_q, _b, res) => res.end();
let server: Server;
let base = '';
const seen: { tone: string; message: string }[] = [];
let unauthorized = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  unauthorized = 0;
  configureApi({ getToken: () => 'tok-1', onUnauthorized: () => unauthorized++, notify: (tone, message) => seen.push({ tone, message }) }, base);
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('request', () => {
  it('sends the bearer token and JSON, and returns the JSON answer', async () => {
    handler = (req, body, res) => json(res, 200, { auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(body) });
    await expect(request('POST', '/x', { body: { a: 1 } })).resolves.toEqual({ auth: 'Bearer tok-1', type: 'application/json', body: { a: 1 } });
    expect(seen).toEqual([]);
  });

  it('turns a non-OK answer into an ApiError and shows its message as an error', async () => {
    handler = (_q, _b, res) => json(res, 422, { message: 'Please input Funnel Name' });
    const err = await request('POST', '/funnels', { body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, message: 'Please input Funnel Name' });
    expect(seen).toEqual([{ tone: 'error', message: 'Please input Funnel Name' }]);
  });

  it('shows a non-OK answer that says success as a success message, and still fails (000 §8)', async () => {
    handler = (_q, _b, res) => json(res, 400, { message: 'success: nothing to change' });
    await expect(request('PUT', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([{ tone: 'success', message: 'success: nothing to change' }]);
  });

  it('calls the 401 hook, and stays silent when asked to', async () => {
    handler = (_q, _b, res) => json(res, 401, { message: 'Unauthorized' });
    await expect(request('GET', '/x', { notify: false })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toBe(1);
    expect(seen).toEqual([]);
  });

  it('reports an unreachable server as a clear error', async () => {
    configureApi({ getToken: () => null, notify: (tone, message) => seen.push({ tone, message }) }, 'http://127.0.0.1:9');
    const err = await request('GET', '/x').catch((e) => e);
    expect(err).toMatchObject({ status: 0 });
    expect(at(seen, 0, 'notification').message).toMatch(/could not be reached/);
  });
});

describe('readNdjson', () => {
  it('reads {progress, message} lines split across chunks, in order', async () => {
    handler = (_q, _b, res) => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.write('{"progress":10,"message":"Checking"}\n{"progress":5');
      setTimeout(() => {
        res.write('0,"message":"Rendering"}\n');
        res.end('{"progress":100,"message":"Done"}');
      }, 20);
    };
    const got: number[] = [];
    const last = await readNdjson(await rawRequest('PUT', '/publish'), (c) => got.push(c.progress));
    expect(got).toEqual([10, 50, 100]);
    expect(last).toEqual({ progress: 100, message: 'Done' });
  });
});

describe('patchDocument', () => {
  it('sends RFC 6902 with If-Match, Idempotency-Key and the label, and returns the new version', async () => {
    handler = (req, body, res) =>
      json(res, 200, {
        ID: 2,
        version: 8,
        got: {
          type: req.headers['content-type'],
          ifMatch: req.headers['if-match'],
          key: req.headers['idempotency-key'],
          label: decodeURIComponent(String(req.headers['x-change-label'])),
          path: req.url,
          ops: JSON.parse(body),
        },
      });
    const ops = [{ op: 'replace' as const, path: '/meta/products/0/_price', value: 9 }];
    const r = await patchDocument('page:2', ops, { version: 7, idempotencyKey: 'k-1', label: 'Set product price, Undo Add review' });
    expect(r.version).toBe(8);
    expect((r.value as { got: unknown }).got).toEqual({
      type: 'application/json-patch+json',
      ifMatch: '"7"',
      key: 'k-1',
      label: 'Set product price, Undo Add review',
      path: '/api/v1/pages/2',
      ops,
    });
  });

  it('turns 412 into a StaleError carrying the current entity, without a notification', async () => {
    handler = (_q, _b, res) => json(res, 412, { message: 'stale', current: { ID: 2, version: 9, name: 'Theirs' } });
    const err = await patchDocument('page:2', [], { version: 7, idempotencyKey: 'k', label: '' }).catch((e) => e);
    expect(err).toBeInstanceOf(StaleError);
    expect(err.current).toEqual({ value: { ID: 2, version: 9, name: 'Theirs' }, version: 9 });
    expect(seen).toEqual([]);
  });

  it('turns a 409 from a failed identity guard into a StaleError too, so the editor rebases', async () => {
    handler = (_q, _b, res) =>
      json(res, 409, { message: 'This page was changed by someone else; your change was not applied', current: { ID: 2, version: 7, name: 'Theirs' } });
    const err = await patchDocument('page:2', [{ op: 'test', path: '/meta/products/0/uid', value: 'x' }], { version: 7, idempotencyKey: 'k', label: '' }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(StaleError);
    expect(err.current.version).toBe(7);
    expect(seen).toEqual([]);
  });
});
