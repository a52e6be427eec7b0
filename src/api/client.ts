/**
 * The SPA's HTTP client: bearer token on every call, JSON in and out, the error handling of
 * seed 000 §8 (a non-OK answer's `message` is shown as 'Error' with its first letter
 * capitalised — or as a success message when it says success — and the call fails).
 */
import type { z } from 'zod';
import { DOC_PATHS, isDocPathKind, randomId, type DocId, type Operation } from '../model';

/** A failed call: HTTP status, the server's message, and its body (a 412 carries `current`). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Hooks the app installs: where the token comes from and how messages are shown. */
export interface ApiHooks {
  getToken: () => string | undefined | null;
  onUnauthorized?: () => void;
  /** Shows a notification; `tone` 'success' when a non-OK body says success (000 §8). */
  notify?: (tone: 'error' | 'success', message: string) => void;
}

let hooks: ApiHooks = { getToken: () => null };
let base = '';

/** Installs the token source and notification hooks; `baseUrl` prefixes every path (default same origin). */
export function configureApi(h: ApiHooks, baseUrl = ''): void {
  hooks = h;
  base = baseUrl;
}

/**
 * The current bearer token and the API base, for calls `fetch` cannot make (an upload with
 * progress events goes through XMLHttpRequest: `src/api/upload.ts`).
 */
export const apiAuth = (): { token: string | null | undefined; base: string } => ({ token: hooks.getToken(), base });

/** The {@link ApiError} of a non-OK answer: its body's `message`, else the status. */
export function failure(status: number, data: unknown): ApiError {
  const message =
    data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : `Request failed with status ${status}`;
  return new ApiError(status, message, data);
}

/** Reports a failed call's message as {@link rawRequest} does (000 §8) unless `notify` is false. */
export function reportFailure(err: ApiError, notify = true): void {
  if (err.status === 401) hooks.onUnauthorized?.();
  if (notify && err.status !== 412) hooks.notify?.(/success/i.test(err.message) ? 'success' : 'error', err.message);
}

/** Options of {@link request}. */
export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Set false for calls whose failure the caller reports itself (no notification). */
  notify?: boolean;
  signal?: AbortSignal;
  contentType?: string;
}

/**
 * This tab's id, sent as `X-Client-Id` with every call: the live event of a save names the tab
 * that made it, so a tab does not take its own save for another operator's.
 */
// randomId, not randomUUID: the app may be served over plain http on an intranet host (no secure context).
export const CLIENT_ID: string = randomId();

/** Performs a call and returns the raw Response after the error checks (for streams). */
export async function rawRequest(method: string, path: string, o: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Client-Id': CLIENT_ID, ...o.headers };
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (o.body instanceof FormData) body = o.body;
  else if (o.body !== undefined) {
    headers['Content-Type'] = o.contentType ?? 'application/json';
    body = JSON.stringify(o.body);
  }
  let res: Response;
  try {
    res = await fetch(base + path, { method, headers, body, signal: o.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    const err = new ApiError(0, 'The server could not be reached. Check your connection and try again.', null);
    if (o.notify !== false) hooks.notify?.('error', err.message);
    throw err;
  }
  if (res.ok) return res;
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    /* not JSON */
  }
  const err = failure(res.status, data);
  reportFailure(err, o.notify !== false);
  throw err;
}

/** Performs a JSON call. @throws ApiError on any non-2xx status or network failure. */
export async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
  const res = await rawRequest(method, path, o);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}

/**
 * An answer that does not match the model's schema: the server and the SPA disagree on a
 * shape (a drift a test should have caught). Not retried; the screen's error overlay shows it.
 */
export class AnswerShapeError extends Error {
  /** The first mismatches as `path: message`. */
  readonly issues: string[];
  constructor(method: string, path: string, issues: string[]) {
    super(`The API answered ${method} ${path} in an unexpected shape (${issues.slice(0, 3).join('; ')})`);
    this.name = 'AnswerShapeError';
    this.issues = issues;
  }
}

/**
 * Performs a JSON call and parses the answer with `schema` (README.md "Architecture": answers
 * are parsed with the model's schemas, never cast).
 * @returns the schema's output. @throws ApiError on a non-2xx status; AnswerShapeError when the answer does not match.
 */
export async function requestParsed<S extends z.ZodType>(schema: S, method: string, path: string, o: RequestOptions = {}): Promise<z.output<S>> {
  return parseAnswer(schema, method, path, await request<unknown>(method, path, o));
}

/** Parses an answer of `method path` with `schema`. @throws AnswerShapeError when it does not match. */
export function parseAnswer<S extends z.ZodType>(schema: S, method: string, path: string, data: unknown): z.output<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  throw new AnswerShapeError(
    method,
    path,
    r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
  );
}

/** One chunk of a progress stream (src/server/README.md: NDJSON `{progress, message}`). */
export interface ProgressChunk {
  progress: number;
  message: string;
}

/**
 * Reads an `application/x-ndjson` body line by line and calls `onChunk` for each object.
 * @returns the last chunk. @throws Error when a line is not JSON.
 */
export async function readNdjson(res: Response, onChunk: (c: ProgressChunk) => void): Promise<ProgressChunk | null> {
  if (!res.body) return null;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  let last: ProgressChunk | null = null;
  const emit = (line: string) => {
    if (!line.trim()) return;
    last = JSON.parse(line) as ProgressChunk;
    onChunk(last);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      emit(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  }
  emit(buf);
  return last;
}

/** What a 412 carries: the server's current entity. */
export class StaleError extends Error {
  readonly current: { value: unknown; version: number };
  constructor(current: { value: unknown; version: number }) {
    super('Changed on the server since you loaded it');
    this.name = 'StaleError';
    this.current = current;
  }
}

/**
 * The resource of an editor document (contracts/paths.ts, the paths the document registry reads
 * too — not the registry itself, whose schemas /login must not load): `page:7` →
 * /api/v1/pages/7; a funnel's flow layout `layout:3` → /api/v1/funnels/3/layout.
 */
const docPath = (doc: DocId) => {
  const kind = doc.slice(0, doc.indexOf(':'));
  if (!isDocPathKind(kind)) throw new Error(`${doc}: not a document`);
  return DOC_PATHS[kind].replace('{id}', doc.slice(doc.indexOf(':') + 1));
};

/**
 * Reads a document (`funnel:3`, `page:12`, `template:4`, `layout:3`) as the server has it now.
 * @returns the entity and its version. @throws ApiError (not notified: the caller decides).
 */
export async function readDocument(doc: DocId): Promise<{ value: unknown; version: number }> {
  const value = await request<{ version: number }>('GET', docPath(doc), { notify: false });
  return { value, version: value.version };
}

/**
 * Saves a document's ops: PATCH with `application/json-patch+json` (RFC 6902), `If-Match`
 * with the version, an `Idempotency-Key`, and the command labels in `X-Change-Label`.
 * @returns the server's entity and new version. @throws StaleError on 412 or 409 with `current`; ApiError otherwise.
 */
export async function patchDocument(
  doc: DocId,
  ops: Operation[],
  o: { version: number; idempotencyKey: string; label: string },
): Promise<{ value: unknown; version: number }> {
  try {
    const value = await request<{ version: number }>('PATCH', docPath(doc), {
      body: ops,
      contentType: 'application/json-patch+json',
      headers: { 'If-Match': `"${o.version}"`, 'Idempotency-Key': o.idempotencyKey, 'X-Change-Label': encodeURIComponent(o.label.slice(0, 500)) },
      notify: false,
    });
    return { value, version: value.version };
  } catch (e) {
    // 412 (stale version) and 409 (a `test` guard on a list item's identity failed) both carry
    // the server's current copy: the command log rebases onto it by identity.
    if (e instanceof ApiError && (e.status === 412 || e.status === 409)) {
      const current = (e.body as { current?: { version: number } } | null)?.current;
      if (current) throw new StaleError({ value: current, version: current.version });
    }
    throw e;
  }
}
