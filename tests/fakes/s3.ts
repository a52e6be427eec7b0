/**
 * A small S3-compatible server for the tests (FILE_STORAGE=s3), on 127.0.0.1 at a random port,
 * keeping objects in memory. No npm S3 server honours a conditional write (`If-None-Match: *`
 * on PutObject; s3rver and its forks read that header on GET only), and the exclusive create
 * of the FileStorage contract is exactly that call, so this fake implements the subset our
 * client sends, as Amazon S3's API reference describes it, and checks every request's shape:
 *
 * - path-style addressing (`/<bucket>/<key>`), the one bucket it was started with;
 * - AWS Signature Version 4 (`Authorization: AWS4-HMAC-SHA256 Credential=<key id>/<date>/<region>/s3/aws4_request,
 *   SignedHeaders=…, Signature=…`): the credential scope, `x-amz-date` within 15 minutes,
 *   `host`, `x-amz-date` and `x-amz-content-sha256` signed, the payload hash equal to the body's,
 *   and the signature itself recomputed from the canonical request with the secret key;
 * - PutObject (with `If-None-Match: *` → 412 PreconditionFailed when the key exists; any
 *   other `If-None-Match` on a PUT is S3's 501), GetObject, HeadObject, DeleteObject,
 *   ListObjectsV2 (`list-type=2`, prefix, delimiter, continuation tokens; `pageSize` makes
 *   pages small to exercise paging).
 *
 * A PUT's object appears when its whole body has arrived, in one step, as S3 publishes an
 * object; concurrent conditional writes of one key are decided in arrival order (one 200, the
 * others 412). Whatever is refused as malformed lands in `invalid`, which a test expects empty.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { listenLocal } from './listen.ts';

/** An object as the fake keeps it. */
export interface FakeObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | null;
  contentEncoding: string | null;
  etag: string;
  modified: Date;
}

/** The running fake. */
export interface FakeS3 {
  /** The endpoint (S3_ENDPOINT), `http://127.0.0.1:<port>`. */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment a server needs to use this bucket (FILE_STORAGE=s3 and the S3_ settings). */
  env: Record<string, string>;
  objects: Map<string, FakeObject>;
  /** Each request as `METHOD /path?query`. */
  requests: string[];
  /** Requests refused as malformed (signature, scope, addressing, unsupported calls), with why. */
  invalid: string[];
  /** Holds each PUT's body this long after it arrived, before the object appears (a slow upload). */
  putDelayMs: number;
  /** Answers the next `times` signed requests with S3's error `code` at `status` (an outage: 503 SlowDown, 500 InternalError). */
  fail: (status: number, code: string, times?: number) => void;
  /** Drops the faults not yet answered: the bucket is back. */
  heal: () => void;
  close: () => Promise<void>;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** RFC 3986 encoding as SigV4 canonicalises it (unreserved characters kept). */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();

/** Starts the fake with one empty bucket. */
export async function startFakeS3(opts: { bucket?: string; region?: string; pageSize?: number } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'funnel-admin-test';
  const region = opts.region ?? 'eu-central-1';
  const accessKeyId = 'AKIAFAKES3TEST000001';
  const secretAccessKey = crypto.randomBytes(30).toString('base64');
  const pageSize = opts.pageSize ?? 1000;
  const objects = new Map<string, FakeObject>();
  const requests: string[] = [];
  const invalid: string[] = [];
  const state = { putDelayMs: 0 };
  const faults: { status: number; code: string; times: number }[] = [];

  // S3's error body; a signature refusal also names the access key id, as S3's does.
  const error = (res: http.ServerResponse, status: number, code: string, message: string, resource: string, head = false, more = '') => {
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>${more}<Resource>${xmlEscape(resource)}</Resource><RequestId>${crypto.randomBytes(8).toString('hex')}</RequestId></Error>`;
    res.writeHead(status, { 'Content-Type': 'application/xml', ...(head ? {} : { 'Content-Length': Buffer.byteLength(body) }) });
    res.end(head ? undefined : body);
  };
  const refuse = (res: http.ServerResponse, line: string, status: number, code: string, why: string) => {
    invalid.push(`${line}: ${why}`);
    error(res, status, code, why, line, false, code === 'SignatureDoesNotMatch' ? `<AWSAccessKeyId>${accessKeyId}</AWSAccessKeyId>` : '');
  };

  /** Checks the SigV4 Authorization of a request whose body is `body`; the reason it fails, or null. */
  const checkSignature = (req: http.IncomingMessage, url: URL, rawPath: string, body: Buffer): string | null => {
    const auth = req.headers.authorization ?? '';
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
    if (!m) return `the Authorization header is not a SigV4 one: ${JSON.stringify(auth.slice(0, 60))}`;
    const [, keyId, date, scopeRegion, service, signedList, signature] = m as unknown as string[];
    if (keyId !== accessKeyId) return `unknown access key id ${keyId}`;
    if (scopeRegion !== region) return `credential scope region ${scopeRegion}, the bucket is in ${region}`;
    if (service !== 's3') return `credential scope service ${service}, expected s3`;
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!/^\d{8}T\d{6}Z$/.test(amzDate)) return `x-amz-date is missing or malformed: ${JSON.stringify(amzDate)}`;
    if (amzDate.slice(0, 8) !== date) return 'the credential scope date is not the date of x-amz-date';
    const when = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    if (Math.abs(Date.now() - when) > 15 * 60_000) return 'x-amz-date is more than 15 minutes from now (RequestTimeTooSkewed)';
    const signed = signedList!.split(';');
    for (const h of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!signed.includes(h)) return `${h} is not among the signed headers`;
    if ([...signed].sort().join(';') !== signedList) return 'SignedHeaders are not sorted';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
      return 'x-amz-content-sha256 is not the hash of the body (XAmzContentSHA256Mismatch)';
    // Canonical request (SigV4): S3 encodes each path segment once, as sent.
    const canonicalUri = rawPath
      .split('/')
      .map((seg) => uriEncode(decodeURIComponent(seg)))
      .join('/');
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headerLines = signed.map((h) => {
      const v = req.headers[h];
      return `${h}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    });
    const canonical = [req.method, canonicalUri, query, headerLines.join(''), signedList, payloadHash].join('\n');
    const scope = `${date}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), 's3'), 'aws4_request');
    const expected = crypto.createHmac('sha256', key).update(toSign).digest('hex');
    return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature!)) ? null : 'the signature does not match (SignatureDoesNotMatch)';
  };

  const list = (res: http.ServerResponse, url: URL) => {
    const prefix = url.searchParams.get('prefix') ?? '';
    const delimiter = url.searchParams.get('delimiter') ?? '';
    const max = Math.min(pageSize, Number(url.searchParams.get('max-keys') ?? 1000));
    const after = url.searchParams.get('continuation-token') ? Buffer.from(url.searchParams.get('continuation-token')!, 'base64url').toString() : '';
    // Keys and common prefixes in UTF-8 binary order, as S3 lists them.
    const entries: { key: string; folder: boolean }[] = [];
    const seen = new Set<string>();
    for (const key of [...objects.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))) {
      if (!key.startsWith(prefix)) continue;
      const i = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      if (i >= 0) {
        const folder = key.slice(0, i + delimiter.length);
        if (!seen.has(folder)) entries.push({ key: folder, folder: true });
        seen.add(folder);
      } else entries.push({ key, folder: false });
    }
    const rest = entries.filter((e) => !after || Buffer.compare(Buffer.from(e.key), Buffer.from(after)) > 0);
    const page = rest.slice(0, max);
    const truncated = rest.length > page.length;
    const last = page.at(-1)?.key ?? '';
    const xml = [
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="${XMLNS}">`,
      `<Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>${delimiter ? `<Delimiter>${xmlEscape(delimiter)}</Delimiter>` : ''}<MaxKeys>${max}</MaxKeys><KeyCount>${page.length}</KeyCount>`,
      `<IsTruncated>${truncated}</IsTruncated>`,
      truncated ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>` : '',
      ...page.map((e) => {
        if (e.folder) return `<CommonPrefixes><Prefix>${xmlEscape(e.key)}</Prefix></CommonPrefixes>`;
        const o = objects.get(e.key)!;
        return `<Contents><Key>${xmlEscape(e.key)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      }),
      '</ListBucketResult>',
    ].join('');
    res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(xml) });
    res.end(xml);
  };

  const objectHeaders = (o: FakeObject) => ({
    'Content-Type': o.contentType,
    'Content-Length': String(o.body.length),
    ETag: o.etag,
    'Last-Modified': o.modified.toUTCString(),
    ...(o.cacheControl ? { 'Cache-Control': o.cacheControl } : {}),
    ...(o.contentEncoding ? { 'Content-Encoding': o.contentEncoding } : {}),
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const line = `${req.method} ${req.url}`;
        requests.push(line);
        const head = req.method === 'HEAD';
        const host = String(req.headers.host ?? '');
        if (host.startsWith(`${bucket}.`))
          return refuse(res, line, 400, 'InvalidRequest', 'virtual-hosted addressing: the fake takes path-style requests only (S3_FORCE_PATH_STYLE)');
        const bad = checkSignature(req, url, rawPath, body);
        if (bad) return refuse(res, line, 403, bad.includes('SignatureDoesNotMatch') ? 'SignatureDoesNotMatch' : 'AccessDenied', bad);
        const fault = faults[0];
        if (fault) {
          if (--fault.times <= 0) faults.shift();
          return error(res, fault.status, fault.code, 'Injected by the test', rawPath, head);
        }
        const [, b, ...rest] = rawPath.split('/');
        if (b !== bucket) return refuse(res, line, 404, 'NoSuchBucket', `no bucket ${JSON.stringify(b)}`);
        let key: string;
        try {
          key = rest.map((s) => decodeURIComponent(s)).join('/');
        } catch {
          return refuse(res, line, 400, 'InvalidURI', 'the key is not valid percent-encoding');
        }
        if (!key) {
          if (req.method === 'GET' && url.searchParams.get('list-type') === '2') return list(res, url);
          return refuse(res, line, 501, 'NotImplemented', 'only ListObjectsV2 (list-type=2) is implemented on the bucket');
        }
        if (Buffer.byteLength(key) > 1024) return refuse(res, line, 400, 'KeyTooLongError', 'the key is longer than 1,024 bytes');
        // The SDK names the operation in `x-id`; any other parameter on an object is a sub-resource (ACL, tagging, …) we do not implement.
        const sub = [...url.searchParams.keys()].filter((k) => k !== 'x-id');
        if (sub.length) return refuse(res, line, 501, 'NotImplemented', `sub-resource ${sub.join(', ')} is not implemented`);
        if (req.method === 'PUT') {
          if (req.headers['x-amz-copy-source']) return refuse(res, line, 501, 'NotImplemented', 'CopyObject is not implemented');
          if (req.headers['content-length'] === undefined) return refuse(res, line, 411, 'MissingContentLength', 'PutObject needs Content-Length');
          if (Number(req.headers['content-length']) !== body.length) return refuse(res, line, 400, 'IncompleteBody', 'the body is not Content-Length bytes');
          const noneMatch = req.headers['if-none-match'];
          if (noneMatch !== undefined && noneMatch !== '*') {
            return refuse(res, line, 501, 'NotImplemented', 'PutObject takes If-None-Match: * only');
          }
          if (state.putDelayMs) await new Promise((r) => setTimeout(r, state.putDelayMs));
          // Decided and published in one step: nothing else runs between the check and the set.
          if (noneMatch === '*' && objects.has(key)) {
            return error(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', `/${bucket}/${key}`);
          }
          const etag = `"${crypto.createHash('md5').update(body).digest('hex')}"`;
          objects.set(key, {
            body,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
            cacheControl: req.headers['cache-control'] ?? null,
            contentEncoding: req.headers['content-encoding'] ?? null,
            etag,
            modified: new Date(),
          });
          res.writeHead(200, { ETag: etag, 'Content-Length': '0' });
          return res.end();
        }
        if (req.method === 'GET' || head) {
          const o = objects.get(key);
          if (!o) return error(res, 404, 'NoSuchKey', 'The specified key does not exist.', `/${bucket}/${key}`, head);
          res.writeHead(200, objectHeaders(o));
          return res.end(head ? undefined : o.body);
        }
        if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        }
        return refuse(res, line, 405, 'MethodNotAllowed', `${req.method} is not implemented`);
      })().catch((e: unknown) => {
        invalid.push(`fake failed: ${String(e)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
  });
  const { url, close } = await listenLocal(server);
  const fake: FakeS3 = {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects,
    requests,
    invalid,
    get putDelayMs() {
      return state.putDelayMs;
    },
    set putDelayMs(ms: number) {
      state.putDelayMs = ms;
    },
    fail: (status, code, times = 1) => {
      faults.push({ status, code, times });
    },
    heal: () => {
      faults.length = 0;
    },
    close,
  };
  return fake;
}
